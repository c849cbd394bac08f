/** GET /api/waitlist?token=...: where a signup stands, by its secret status token. */
import { handleWaitlistRequest } from "../server/signup/handler"
import { functionConfig, gatsbyFunction } from "../server/signup/gatsby-function"

// Exported by destructuring on purpose: see signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleWaitlistRequest)
