/** POST /api/owner/referrals { ids, decision }: releases or rejects held referrals, behind OWNER_TOKEN. */
import { functionConfig, gatsbyFunction } from "../../server/runtime/gatsby-function"
import { handleOwnerReferralsRequest } from "../../server/http/owner-handler"

// Exported by destructuring on purpose: see ../signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleOwnerReferralsRequest, (runtime) => runtime.owner)
