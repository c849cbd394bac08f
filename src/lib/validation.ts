/** Form rules shared by the forms and the signup endpoint. */

/** RFC 5321 limit on a whole address. */
export const MAX_EMAIL_LENGTH = 254

// One @, a local part without spaces, a domain of dot-separated labels ending in 2+ letters.
const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/

export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

export const isValidEmail = (email: string): boolean => {
  const trimmed = email.trim()
  if (trimmed.length === 0 || trimmed.length > MAX_EMAIL_LENGTH) return false
  const [local] = trimmed.split("@")
  if (local.length > 64 || local.startsWith(".") || local.endsWith(".") || local.includes("..")) return false
  return EMAIL_PATTERN.test(trimmed)
}

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
