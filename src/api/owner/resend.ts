/** POST /api/owner/resend { email }: the owner sends someone their link again, behind OWNER_TOKEN. */
import { functionConfig, gatsbyFunction } from "../../server/runtime/gatsby-function"
import { handleOwnerResendRequest } from "../../server/http/owner-handler"

// Exported by destructuring on purpose: see ../signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleOwnerResendRequest, (runtime) => runtime.owner)
