/** GET /api/drop/entries?drop=ID: the frozen entry list the published hash covers (text/plain). */
import { handleDropEntriesRequest } from "../../server/http/drop-handler"
import { functionConfig, gatsbyFunction } from "../../server/runtime/gatsby-function"

// Exported by destructuring on purpose: see ../signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleDropEntriesRequest)
