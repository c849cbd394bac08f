/** GET /api/owner/export: every signup as CSV (the columns of `npm run signups:export`), behind OWNER_TOKEN. */
import { functionConfig, gatsbyFunction } from "../../server/runtime/gatsby-function"
import { handleOwnerExportRequest } from "../../server/http/owner-handler"

// Exported by destructuring on purpose: see ../signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleOwnerExportRequest, (runtime) => runtime.owner)
