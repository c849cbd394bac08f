/** POST /api/owner/invite { count, dryRun }: who is next in line, or invites them, behind OWNER_TOKEN. */
import { functionConfig, gatsbyFunction } from "../../server/runtime/gatsby-function"
import { handleOwnerInviteRequest } from "../../server/http/owner-handler"

// Exported by destructuring on purpose: see ../signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleOwnerInviteRequest, (runtime) => runtime.owner)
