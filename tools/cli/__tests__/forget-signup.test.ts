// `npm run signups:forget` as the owner runs it, in a process of its own, over both stores.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freshDatabase } from "../../../test/postgres"
import { hashToken } from "../../../src/server/keys/codes"
import { openEmbeddedStore, openPostgresStore } from "../../../src/server/store/open-store"
import { allRows, type SignupStore } from "../../../src/server/store/store"
import { confirmedSignup } from "../../../test/signup-fixtures"
import { runTool } from "../../../test/run-tool"

const NOW = "2026-11-22T12:00:00.000Z"

const signup = (email: string, referralCode: string, referredBy: string | null = null) => confirmedSignup(email, referralCode, referredBy, NOW)

const forget = (env: Record<string, string>, ...args: string[]) => runTool("forget-signup.ts", env, ...args)

describe.each([
  [
    "SQLite",
    async () => {
      const file = join(mkdtempSync(join(tmpdir(), "block94-forget-")), "signups.db")
      return { env: { SIGNUPS_FILE: file }, open: (): SignupStore => openEmbeddedStore(file, 10) }
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const url = await freshDatabase()
      return { env: { DATABASE_URL: url }, open: (): SignupStore => openPostgresStore({ connectionString: url, poolSize: 2 }, 10) }
    },
  ],
])("npm run signups:forget with %s", (_name, setUp) => {
  it("erases the person with that address, however it is written, says so without echoing it, and keeps it out of an import", async () => {
    const { env, open } = await setUp()
    const before = open()
    await before.add(signup("first@example.com", "FIRST00000"))
    await before.add(signup("j.doe+drops@gmail.com", "JDOE000000"))
    await before.add(signup("friend@example.com", "FRIEND0000", "JDOE000000"))
    await before.close()

    const found = await forget(env, "J.Doe@Gmail.com")
    expect(found.code).toBe(0)
    expect(found.stdout).toMatch(/^Found and erased from /)
    expect(`${found.stdout}${found.stderr}`.toLowerCase()).not.toContain("doe")

    const after = open()
    try {
      const rows = await allRows(after)
      expect(rows.map((row) => [row.signup.email, row.place?.position, row.referrals, row.referredBy])).toEqual([
        ["first@example.com", 1, 0, null],
        ["friend@example.com", 2, 0, null],
      ])
      await expect(after.standingByStatusToken(hashToken("status j.doe+drops@gmail.com"))).resolves.toBeNull()
      await expect(after.add(signup("jdoe@gmail.com", "AGAIN00000"))).resolves.toEqual({ kind: "suppressed" })
    } finally {
      await after.close()
    }

    const again = await forget(env, "jdoe@gmail.com")
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/^No one on the list in .* has that address\./)
  }, 30_000)

  it("refuses anything but one address", async () => {
    const { env } = await setUp()
    for (const args of [[], ["not an address"], ["a@example.com", "b@example.com"]]) {
      const answer = await forget(env, ...args)
      expect(answer.code).toBe(2)
      expect(answer.stderr).toContain("Usage: npm run signups:forget -- someone@example.com")
    }
  }, 30_000)
})
