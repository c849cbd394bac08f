/**
 * What the tests of validateContentDir share: the changes an editor might make to a copy of
 * content/ and the check that each message speaks to the editor (one line, no stack, no library's words).
 */
import { writeFileSync } from "node:fs"
import { join } from "node:path"
import { validateContentDir } from "../validation"
import { copyContent, fieldAt, readJson, removeField, setField, withField, withoutField, type FieldPath } from "../../../test/fixtures/content-fixture"

/** A change an editor might make to a copy of content/. */
export type Edit = (dir: string) => void

/** A mistake, the change that makes it, and the messages the editor gets for it. */
export type Mistake = [mistake: string, edit: Edit, messages: string[]]

export const set =
  (file: string, path: FieldPath, value: unknown): Edit =>
  (dir) =>
    setField(dir, file, path, value)
export const remove =
  (file: string, path: FieldPath): Edit =>
  (dir) =>
    removeField(dir, file, path)
/** Appends a copy of the list's first item, making it one longer. */
export const addCopyOfFirst =
  (file: string, list: string): Edit =>
  (dir) =>
    setField(dir, file, [list, 3], fieldAt(readJson(dir, file), [list, 0]))
export const rename =
  (file: string, path: FieldPath, newKey: string): Edit =>
  (dir) => {
    const data = readJson(dir, file)
    const moved = withField(withoutField(data, path), [...path.slice(0, -1), newKey], fieldAt(data, path))
    writeFileSync(join(dir, file), JSON.stringify(moved, null, 2))
  }

/** Mistakes in `file` whose one message ends in the same hint: each gives its problem before it. */
export const endingIn = (file: string, hint: string, mistakes: Array<[mistake: string, edit: Edit, problem: string]>): Mistake[] =>
  mistakes.map(([mistake, edit, problem]) => [mistake, edit, [`content/${file}: ${problem} - ${hint}`]])

/**
 * A template's text without one of its placeholders, and the message that asks for it back:
 * `field` is the dotted path the message names, `missing` the placeholder and what goes there.
 */
export const withoutPlaceholder = (file: string, field: string, text: string, missing: string): [edit: Edit, messages: string[]] => [
  set(file, field.split("."), text),
  [`content/${file}: ${field} must contain ${missing}`],
]

/** A stack trace line as Node prints it: "    at fn (file:line:col)". */
const STACK_LINE = /^\s*at\s/m

export const expectEditorMessages = (messages: string[], expected: string[]) => {
  expect(messages).toEqual(expected)
  for (const message of messages) {
    expect(message).not.toMatch(STACK_LINE)
    expect(message).not.toContain("\n")
    expect(message).not.toMatch(/Error:|ZodError|Invalid input/)
  }
}

/** One test per mistake: made in a fresh copy of content/, it gets exactly its messages. */
export const reportsEach = (mistakes: Mistake[]) =>
  it.each(mistakes)("reports %s", (_mistake, edit, messages) => {
    const dir = copyContent()
    edit(dir)
    expectEditorMessages(validateContentDir(dir), messages)
  })
