// The owner's commands read their command lines one way: through the runner's parseArgs.
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { readCommandLine } from "../command"

const OPTIONS = { next: { type: "string", needs: "how many, a whole number from 1" }, "dry-run": { type: "boolean" } } as const

describe("the owner's command line", () => {
  it("reads options, inline values and positionals", () => {
    expect(readCommandLine("waitlist:invite", OPTIONS, ["--next=5", "--dry-run", "extra"])).toEqual({
      values: { next: "5", "dry-run": true },
      positionals: ["extra"],
    })
  })

  it.each([
    [["--all"], '"--all" is not an option of waitlist:invite'],
    [["--next"], "--next needs how many, a whole number from 1 (got nothing)"],
    [["--next="], "--next needs how many, a whole number from 1 (got nothing)"],
    [["--next", "1", "--next", "2"], "--next is given twice"],
    [["--dry-run=yes"], '"--dry-run=yes" is not an option of waitlist:invite'],
  ])("refuses %j in words that say what to do", (args, error) => {
    expect(readCommandLine("waitlist:invite", OPTIONS, args)).toEqual({ error })
  })

  it("is how every command under tools/cli starts", () => {
    // All but the runner and the modules commands share (a drop's content, the funnel as text).
    const folder = join(__dirname, "..")
    const commands = readdirSync(folder).filter((file) => file.endsWith(".ts") && !["command.ts", "drop-content.ts", "funnel-text.ts"].includes(file))
    expect(commands.length).toBeGreaterThanOrEqual(10)
    const bypassing = commands.filter((file) => {
      const text = readFileSync(join(folder, file), "utf8")
      return !text.includes("runWhenMain(module,") || /process\.argv/.test(text)
    })
    expect(bypassing).toEqual([])
  })
})
