/** GET /api/invite?code=...: whether an invitation code is valid, used or unknown, for the invitation page. */
import { handleInvitationRequest } from "../../server/signup/handler"
import { functionConfig, gatsbyFunction } from "../../server/signup/gatsby-function"

// Exported by destructuring on purpose: see ../signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleInvitationRequest)
