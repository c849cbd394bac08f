/** POST /api/visit: a page view from the site's beacon, counted without anything about the visitor. Gatsby wiring only. */
import { functionConfig, gatsbyFunction } from "../server/runtime/gatsby-function"
import { handleVisitRequest } from "../server/http/visit-handler"

// Exported by destructuring on purpose: see signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleVisitRequest, (runtime) => runtime.visits)
