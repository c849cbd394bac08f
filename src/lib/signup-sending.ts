/**
 * What the signup form needs only once a visitor sends it: the rules it checks, the request, the
 * consent wording's version and the bot check's proof of work (solved while the visitor types). The form loads this module when a visitor starts filling it in
 * (with the toasts), so readers never download it.
 */
export { sendSignup } from "./signup-client"
export { checkSignup } from "./validation"
export { consentVersion } from "../signup/rules"
export { startProofOfWork, takeProofOfWork } from "./proof-of-work"
