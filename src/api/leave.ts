/** POST /api/leave: "Leave the list" on the status page, by its secret status token. */
import { handleLeaveRequest } from "../server/http/status-handler"
import { functionConfig, gatsbyFunction } from "../server/runtime/gatsby-function"

// Exported by destructuring on purpose: see signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleLeaveRequest)
