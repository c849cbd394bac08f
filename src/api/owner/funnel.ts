/** GET /api/owner/funnel: the launch funnel, from visits to drop codes redeemed, behind OWNER_TOKEN. */
import { functionConfig, gatsbyFunction } from "../../server/runtime/gatsby-function"
import { handleOwnerFunnelRequest } from "../../server/http/owner-handler"

// Exported by destructuring on purpose: see ../signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleOwnerFunnelRequest, (runtime) => runtime.owner)
