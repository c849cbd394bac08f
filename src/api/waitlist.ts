/** POST /api/waitlist { token }: where a signup stands, by its secret status token (never in the address). */
import { handleWaitlistRequest } from "../server/http/status-handler"
import { functionConfig, gatsbyFunction } from "../server/runtime/gatsby-function"

// Exported by destructuring on purpose: see signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleWaitlistRequest)
