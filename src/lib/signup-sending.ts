/**
 * What the signup form needs only once a visitor sends it: the rules it checks, the request, the
 * consent wording's version, where the visit came from and the bot check's proof of work (solved
 * while the visitor types). The form loads this module when a visitor starts filling it in
 * (with the toasts), so readers never download it.
 */
export { sendSignup } from "./signup-client"
export { checkSignup, firstProblem, problemToast } from "./validation"
export { consentVersion } from "../signup/rules"
export { visitAttribution } from "./attribution"
import { startProofOfWork, takeProofOfWork } from "./proof-of-work"
import { fieldMessages, type FieldWords, type FormProblems, type SignupField } from "./validation"

/** The line under each signup field to fix, the minimum age filled into the consent box's. */
export const signupFieldMessages = (problems: FormProblems<SignupField>, words: FieldWords<SignupField>, minimumAge: string) =>
  fieldMessages(problems, { ...words, consentMissing: words.consentMissing?.replace("{minimumAge}", minimumAge) })

/**
 * Starts the bot check's work for the form a visitor touched (once until its solution is taken),
 * and marks the form with how far it got: data-challenge="solving", then "solved".
 */
export const startBotCheck = (form: HTMLElement | null): void => {
  if (form?.dataset.challenge) return
  form?.setAttribute("data-challenge", "solving")
  startProofOfWork().then(
    () => form?.setAttribute("data-challenge", "solved"),
    () => form?.removeAttribute("data-challenge"),
  )
}

/** The solution for this request (waiting for the rest of the work if the visitor was quicker); the next touch starts afresh. */
export const takeBotCheck = async (form: HTMLElement | null): Promise<string | undefined> => {
  const solution = await takeProofOfWork()
  form?.removeAttribute("data-challenge")
  return solution
}
