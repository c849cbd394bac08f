/** POST /api/resend: "didn't get the email?": mails the link again, at most hourly, saying nothing of who is on the list. */
import { handleResendRequest } from "../server/http/signup-handler"
import { functionConfig, gatsbyFunction } from "../server/runtime/gatsby-function"

// Exported by destructuring on purpose: see signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleResendRequest)
