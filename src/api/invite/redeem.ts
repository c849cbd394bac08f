/** POST /api/invite/redeem { code }: the shop redeems an invitation code, once (Authorization: Bearer INVITE_API_TOKEN). */
import { handleRedeemRequest } from "../../server/http/invite-handler"
import { functionConfig, gatsbyFunction } from "../../server/runtime/gatsby-function"

// Exported by destructuring on purpose: see ../signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleRedeemRequest)
