/** POST /api/leave: "Leave the list" on the status page, by its secret status token. */
import { handleLeaveRequest } from "../server/signup/handler"
import { functionConfig, gatsbyFunction } from "../server/signup/gatsby-function"

// Exported by destructuring on purpose: see signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleLeaveRequest)
