/** POST /api/unsubscribe?token=...: one-click unsubscribe (RFC 8058) from an email, or the unsubscribe page's button. */
import { handleUnsubscribeRequest } from "../server/http/status-handler"
import { functionConfig, gatsbyFunction } from "../server/runtime/gatsby-function"

// Exported by destructuring on purpose: see signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleUnsubscribeRequest)
