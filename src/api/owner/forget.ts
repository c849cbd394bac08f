/** POST /api/owner/forget { email }: the owner answering an erasure request by address, behind OWNER_TOKEN. */
import { functionConfig, gatsbyFunction } from "../../server/runtime/gatsby-function"
import { handleOwnerForgetRequest } from "../../server/http/owner-handler"

// Exported by destructuring on purpose: see ../signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleOwnerForgetRequest, (runtime) => runtime.owner)
