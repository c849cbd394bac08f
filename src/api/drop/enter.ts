/** POST /api/drop/enter { token, drop, size, altcha? }: enter a drop from the status page, change the size or withdraw. */
import { handleDropEnterRequest } from "../../server/http/drop-handler"
import { functionConfig, gatsbyFunction } from "../../server/runtime/gatsby-function"

// Exported by destructuring on purpose: see ../signup.ts.
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleDropEnterRequest)
