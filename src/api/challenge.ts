/** GET /api/challenge: the bot check's proof-of-work challenge for the signup and resend forms. */
import { handleChallengeRequest } from "../server/http/signup-handler"
import { functionConfig, gatsbyFunction } from "../server/runtime/gatsby-function"

// Exported by destructuring on purpose: see signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleChallengeRequest)
