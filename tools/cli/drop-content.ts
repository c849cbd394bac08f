// Writes a drop's commitment into the drops content (content/drops.json, or DROPS_FILE), as
// `npm run drop:commit` does: only the drop's `commitment` field changes, the rest of the file
// stays as the editor wrote it, so the built site and the file's history carry it.
import { readFileSync, writeFileSync } from "node:fs"
import { applyEdits, modify, parse } from "jsonc-parser"
import type { DropCommitment } from "../../src/drop/commitment"
import { sameCommitment } from "../../src/drop/commitment"

/** What writing found: the file had the commitment already, got it now, or has no such drop. */
export type WriteOutcome = "unchanged" | "written" | "noDrop"

/** The commitment the drops content names for a drop, or null. */
export const contentCommitment = (file: string, drop: string): DropCommitment | null => {
  const content = parse(readFileSync(file, "utf8")) as { drops?: Array<{ id?: string; commitment?: DropCommitment }> }
  return content.drops?.find((candidate) => candidate.id === drop)?.commitment ?? null
}

/** Puts `commitment` under the drop in the drops content file, changing nothing else. */
export const writeCommitment = (file: string, drop: string, commitment: DropCommitment): WriteOutcome => {
  const text = readFileSync(file, "utf8")
  const content = parse(text) as { drops?: Array<{ id?: string; commitment?: DropCommitment }> }
  const index = content.drops?.findIndex((candidate) => candidate.id === drop) ?? -1
  if (index < 0) return "noDrop"
  if (sameCommitment(content.drops?.[index].commitment, commitment)) return "unchanged"
  const edits = modify(text, ["drops", index, "commitment"], commitment, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } })
  writeFileSync(file, applyEdits(text, edits))
  return "written"
}
