/** POST /api/signup: "Join the Drop". Gatsby wiring only; the rules live in src/server/ (http/ answers, waitlist/ decides). */
import { handleSignupRequest } from "../server/http/signup-handler"
import { functionConfig, gatsbyFunction } from "../server/runtime/gatsby-function"

// Exported by destructuring on purpose: Gatsby's page scanner reads every file in src/ and
// takes a plain `export const config` as a page's rendering config, which makes the build
// bundle server rendering engines this static site does not use (and that fail on sharp).
export const { config } = { config: functionConfig }

export default gatsbyFunction(handleSignupRequest)
