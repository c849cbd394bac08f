/** GET /api/drop?drop=ID: a drop's public record, for its page and anyone checking the draw. */
import { handleDropRequest } from "../../server/http/drop-handler"
import { functionConfig, gatsbyFunction } from "../../server/runtime/gatsby-function"

// Exported by destructuring on purpose: see ../signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleDropRequest)
