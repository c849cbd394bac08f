/** POST /api/owner/person { email, whole }: one person on the list, for the owner, behind OWNER_TOKEN. */
import { functionConfig, gatsbyFunction } from "../../server/runtime/gatsby-function"
import { handleOwnerPersonRequest } from "../../server/http/owner-handler"

// Exported by destructuring on purpose: see ../signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleOwnerPersonRequest, (runtime) => runtime.owner)
