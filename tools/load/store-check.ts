/**
 * Checks the JSON Lines store after a load run against what the endpoint answered: the store
 * must hold exactly the emails that were answered 201, each once, on well-formed lines.
 */
import { normalizeEmail } from "../../src/signup/rules"

export interface StoreCheckInput {
  /** The store file's text ("" when it was never created). */
  text: string
  /** Emails that must be stored, each once: the ones answered 201. */
  expected: ReadonlySet<string>
}

export interface StoreCheckResult {
  lineCount: number
  problems: string[]
}

/** Shows at most a few examples, so a broken run stays readable. */
const listSome = (items: string[], limit = 5): string =>
  items.slice(0, limit).join(", ") + (items.length > limit ? `, and ${items.length - limit} more` : "")

const storedEmail = (line: string): string | null => {
  try {
    const value: unknown = JSON.parse(line)
    if (typeof value !== "object" || value === null || Array.isArray(value)) return null
    const email = (value as Record<string, unknown>).email
    return typeof email === "string" ? email : null
  } catch {
    return null
  }
}

export const checkStore = ({ text, expected }: StoreCheckInput): StoreCheckResult => {
  const problems: string[] = []
  // The store writes whole lines only, so anything after the last newline is a torn write.
  if (text !== "" && !text.endsWith("\n")) problems.push("the file does not end with a newline (a line was cut short)")
  const lines = text === "" ? [] : text.replace(/\n$/, "").split("\n")

  const badLines: string[] = []
  const duplicates = new Set<string>()
  const stored = new Set<string>()
  lines.forEach((line, index) => {
    const email = storedEmail(line)
    if (email === null) {
      badLines.push(`line ${index + 1}`)
      return
    }
    const key = normalizeEmail(email)
    if (stored.has(key)) duplicates.add(key)
    stored.add(key)
  })
  if (badLines.length > 0) problems.push(`not a JSON object with an email: ${listSome(badLines)}`)
  if (duplicates.size > 0) problems.push(`stored more than once: ${listSome([...duplicates])}`)

  const missing = [...expected].filter((email) => !stored.has(email))
  if (missing.length > 0) problems.push(`answered 201 but not stored: ${listSome(missing)}`)
  const unexplained = [...stored].filter((email) => !expected.has(email))
  if (unexplained.length > 0) problems.push(`stored without a 201 answer: ${listSome(unexplained)}`)

  return { lineCount: lines.length, problems }
}
