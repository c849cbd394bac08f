/** The forms' rules: what a visitor must fill in before anything is sent, and what to tell them. */
import { isValidEmail } from "../signup/rules"

/** What is wrong with one field: left empty (or unticked), or filled in wrongly. */
export type FieldProblem = "missing" | "malformed"

/** The fields that need fixing, each with its problem, in the form's order; empty when the form can be sent. */
export type FormProblems<Field extends string> = Partial<Record<Field, FieldProblem>>

/** The words under a field, named by field and problem: `emailMissing`, `emailMalformed`. */
export type FieldWords<Field extends string> = Partial<Record<`${Field}${"Missing" | "Malformed"}`, string>>

export type SignupField = "email" | "consent"

export interface ContactFields {
  name: string
  email: string
  message: string
}

const emailProblem = (email: string): FieldProblem | undefined => {
  if (email.trim() === "") return "missing"
  return isValidEmail(email) ? undefined : "malformed"
}

/** Keeps the fields that have a problem, in the order given. */
const only = <Field extends string>(entries: Array<[Field, FieldProblem | undefined]>): FormProblems<Field> =>
  Object.fromEntries(entries.filter(([, problem]) => problem !== undefined)) as FormProblems<Field>

/** Every problem with a signup: the address (empty or malformed), then the consent box. */
export function checkSignup({ email, consent }: { email: string; consent: boolean }): FormProblems<SignupField> {
  return only<SignupField>([
    ["email", emailProblem(email)],
    ["consent", consent ? undefined : "missing"],
  ])
}

/** Every problem with a contact message, in field order: name, email, message. */
export function checkContact(fields: ContactFields): FormProblems<keyof ContactFields> {
  const filled = (value: string): FieldProblem | undefined => (value.trim() === "" ? "missing" : undefined)
  return only<keyof ContactFields>([
    ["name", filled(fields.name)],
    ["email", emailProblem(fields.email)],
    ["message", filled(fields.message)],
  ])
}

/**
 * The one toast a form's problems call for: the spec's "Missing Information" when anything is
 * missing, else the malformed-address one; null when there is nothing to fix.
 */
export function problemToast(problems: FormProblems<string>): "missing" | "invalidEmail" | null {
  const found = Object.values(problems)
  if (found.includes("missing")) return "missing"
  return found.includes("malformed") ? "invalidEmail" : null
}

/** The first field to fix, in the form's order: where focus goes. */
export function firstProblem<Field extends string>(problems: FormProblems<Field>): Field | undefined {
  return (Object.keys(problems) as Field[])[0]
}

/** The words to show under each field that needs fixing, from content (`emailMissing`, `consentMissing`...). */
export function fieldMessages<Field extends string>(problems: FormProblems<Field>, words: FieldWords<Field>): Partial<Record<Field, string>> {
  return Object.fromEntries(
    (Object.entries(problems) as Array<[Field, FieldProblem]>).map(([field, problem]) => [
      field,
      words[`${field}${problem === "missing" ? "Missing" : "Malformed"}`] ?? "",
    ]),
  ) as Partial<Record<Field, string>>
}
