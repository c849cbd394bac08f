/** POST /api/confirm: confirms an address with the token from its confirmation email. */
import { handleConfirmRequest } from "../server/http/signup-handler"
import { functionConfig, gatsbyFunction } from "../server/runtime/gatsby-function"

// Exported by destructuring on purpose: see signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleConfirmRequest)
