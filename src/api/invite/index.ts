/** POST /api/invite { code }: whether an invitation code is valid, used, expired or unknown, for the invitation page. */
import { handleInvitationRequest } from "../../server/http/invite-handler"
import { functionConfig, gatsbyFunction } from "../../server/runtime/gatsby-function"

// Exported by destructuring on purpose: see ../signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleInvitationRequest)
