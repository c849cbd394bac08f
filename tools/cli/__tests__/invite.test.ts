// `npm run waitlist:invite` as the owner runs it, in processes of their own, over the SQLite file
// a live server would use (the waves' rules on both engines: src/server/waitlist/__tests__/invitations.test.ts).
import { execFile } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { openEmbeddedStore } from "../../../src/server/store/open-store"
import { allRows, type SignupStore } from "../../../src/server/store/store"
import { parseInviteArguments } from "../invite"
import { confirmedSignup } from "../../../test/signup-fixtures"

const ROOT = resolve(__dirname, "..", "..", "..")
const NOW = "2026-12-01T09:00:00.000Z"

const invite = async (env: Record<string, string>, ...args: string[]) => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ["--import", "tsx", join(ROOT, "tools", "cli", "invite.ts"), ...args], {
      cwd: ROOT,
      env: { ...process.env, SITE_URL: "https://block94.example", ...env },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}

/** The addresses a run's summary lists, with their places. */
const listed = (stdout: string): string[] =>
  stdout
    .split("\n")
    .filter((line) => /^ {2}#\d+ {2}/.test(line))
    .map((line) => line.trim())

describe("the arguments of waitlist:invite", () => {
  it.each([
    [["--next", "500"], { kind: "next", count: 500, dryRun: false }],
    [["--next=20", "--dry-run"], { kind: "next", count: 20, dryRun: true }],
    [["--dry-run", "--email", "fan@example.com"], { kind: "email", email: "fan@example.com", dryRun: true }],
  ])("reads %j", (args, command) => {
    expect(parseInviteArguments(args)).toEqual(command)
  })

  it.each([
    [[], "say whom to invite: --next <how many> or --email <address>"],
    [["--next"], "--next needs how many people to invite, a whole number from 1 (got nothing)"],
    [["--next", "0"], '--next needs how many people to invite, a whole number from 1 (got "0")'],
    [["--next", "ten"], '--next needs how many people to invite, a whole number from 1 (got "ten")'],
    [["--next", "2.5"], '--next needs how many people to invite, a whole number from 1 (got "2.5")'],
    [["--email", "not-an-address"], '--email needs a valid email address (got "not-an-address")'],
    [["--next", "5", "--email", "fan@example.com"], "give either --next or --email, not both"],
    [["--next", "5", "--all"], '"--all" is not an option of waitlist:invite'],
  ])("refuses %j with a message that says what to do", (args, error) => {
    expect(parseInviteArguments(args)).toEqual({ error })
  })
})

describe("npm run waitlist:invite", () => {
  jest.setTimeout(60_000)
  let file: string
  let store: SignupStore
  beforeEach(async () => {
    file = join(mkdtempSync(join(tmpdir(), "block94-invite-cli-")), "signups.db")
    store = openEmbeddedStore(file, 10)
    for (let n = 1; n <= 5; n += 1) {
      const email = `fan${n}@example.com`
      await store.add(confirmedSignup(email, `CODE${String(n).padStart(6, "0")}`, null, NOW))
    }
  })
  afterEach(() => store.close())
  const invited = async () => (await allRows(store)).filter((row) => row.invitation).map((row) => row.signup.email)

  it("exits 1 with the usage on bad arguments, touching nothing", async () => {
    const run = await invite({ SIGNUPS_FILE: file }, "--next", "lots")
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('waitlist:invite: --next needs how many people to invite, a whole number from 1 (got "lots")')
    expect(run.stderr).toContain("npm run waitlist:invite -- --next 500")
    expect(await invited()).toEqual([])
  })

  it("prints place and address in a dry run and changes nothing; then invites them, and two runs at once never invite anyone twice", async () => {
    const dry = await invite({ SIGNUPS_FILE: file }, "--next", "3", "--dry-run")
    expect(dry.code).toBe(0)
    expect(dry.stdout).toContain(`Dry run: would invite 3 people (places 1 to 3) from ${file}:`)
    expect(listed(dry.stdout)).toEqual(["#1  fan1@example.com", "#2  fan2@example.com", "#3  fan3@example.com"])
    expect(dry.stdout).toContain("Nothing was sent or changed.")
    expect(await invited()).toEqual([])

    const runs = await Promise.all([invite({ SIGNUPS_FILE: file }, "--next", "3"), invite({ SIGNUPS_FILE: file }, "--next", "3")])
    expect(runs.map((run) => run.code)).toEqual([0, 0])
    const all = runs.flatMap((run) => listed(run.stdout))
    expect(all.sort()).toEqual(["#1  fan1@example.com", "#2  fan2@example.com", "#3  fan3@example.com", "#4  fan4@example.com", "#5  fan5@example.com"])
    expect(runs.map((run) => run.stdout).join("")).toContain("Only 2 people were left to invite (asked for 3).")
    expect((await invited()).sort()).toEqual(["fan1@example.com", "fan2@example.com", "fan3@example.com", "fan4@example.com", "fan5@example.com"])

    const again = await invite({ SIGNUPS_FILE: file }, "--next", "3")
    expect(again).toMatchObject({ code: 0, stdout: `No one invited: everyone confirmed in ${file} has an invitation already.\n` })
  })

  it("invites one person by address, and says why when it cannot", async () => {
    const one = await invite({ SIGNUPS_FILE: file }, "--email", "FAN4@example.com")
    expect(one.code).toBe(0)
    expect(listed(one.stdout)).toEqual(["#4  fan4@example.com"])
    expect(await invited()).toEqual(["fan4@example.com"])
    const twice = await invite({ SIGNUPS_FILE: file }, "--email", "fan4@example.com")
    expect(twice).toMatchObject({ code: 1, stderr: "waitlist:invite: That person has an invitation already: no one is invited twice.\n" })
    const nobody = await invite({ SIGNUPS_FILE: file }, "--email", "left@example.com")
    expect(nobody.code).toBe(1)
    expect(nobody.stderr).toContain("No one on the list")
  })
})
