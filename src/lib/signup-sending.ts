/**
 * What the signup form needs only once a visitor sends it: the rules it checks, the request and
 * the consent wording's version. The form loads this module when a visitor starts filling it in
 * (with the toasts), so readers never download it.
 */
export { sendSignup } from "./signup-client"
export { checkSignup } from "./validation"
export { consentVersion } from "../signup/rules"
