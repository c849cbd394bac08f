/** GET /api/owner/drops: every drop's state; POST { action, drop, seed? }: commit to or draw a drop. Behind OWNER_TOKEN. */
import { handleOwnerDrops } from "../../server/http/drop-handler"
import { functionConfig, gatsbyFunction } from "../../server/runtime/gatsby-function"

// Exported by destructuring on purpose: see ../signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleOwnerDrops, (runtime) => runtime.owner)
