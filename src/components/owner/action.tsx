/** @jsxImportSource theme-ui */
/** What every action of the owner's page shares: its props, and the note that says how it went. */
import { Text } from "@theme-ui/components"
import type { OwnerProblem } from "../../lib/owner-client"
import type { Formats } from "../../lib/owner-format"
import type { OwnerCopy } from "./copy"

export interface ActionProps {
  secret: string
  copy: OwnerCopy
  formats: Formats
  /** The secret stopped working (changed on the server): the page signs out. */
  onProblem(problem: OwnerProblem): void
  /** The list changed: the numbers are read again. */
  onChanged(): void
}

export type Note = { text: string; tone: "ok" | "problem" } | null

export const NoteLine = ({ note }: { note: Note }) => (
  <Text as="p" role="status" sx={{ minHeight: "1.6em", mt: 3, color: note?.tone === "problem" ? "secondary" : "primary", fontWeight: "bold" }}>
    {note?.text ?? ""}
  </Text>
)

/**
 * The words for a problem, shown by the action; a problem with the secret itself (wrong now, or
 * the page turned off) is handed to the page instead, which signs out.
 */
export const problemText = (problem: OwnerProblem, failed: string, copy: OwnerCopy, onProblem: (problem: OwnerProblem) => void): string | null => {
  if (problem.kind === "failed") return failed
  if (problem.kind === "tooMany") return copy.signIn.tooMany
  onProblem(problem)
  return null
}
