/** The forms' rules: what a visitor must fill in before anything is sent. */
import { isValidEmail } from "../signup/rules"

export type SignupProblem = { kind: "missing"; field: "email" | "consent" } | { kind: "invalidEmail"; field: "email" }

/** The first problem with a signup, in field order; null when it can be sent. */
export const checkSignup = ({ email, consent }: { email: string; consent: boolean }): SignupProblem | null => {
  if (email.trim() === "") return { kind: "missing", field: "email" }
  if (!consent) return { kind: "missing", field: "consent" }
  if (!isValidEmail(email)) return { kind: "invalidEmail", field: "email" }
  return null
}

export interface ContactFields {
  name: string
  email: string
  message: string
}

export type ContactProblem = { kind: "missing"; field: keyof ContactFields } | { kind: "invalidEmail"; field: "email" }

/** The first problem with a contact message, in field order; null when it can be sent. */
export const checkContact = (fields: ContactFields): ContactProblem | null => {
  const order: Array<keyof ContactFields> = ["name", "email", "message"]
  const empty = order.find((field) => fields[field].trim() === "")
  if (empty) return { kind: "missing", field: empty }
  if (!isValidEmail(fields.email)) return { kind: "invalidEmail", field: "email" }
  return null
}
