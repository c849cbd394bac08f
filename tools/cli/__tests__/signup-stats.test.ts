// `npm run signups:stats` as the owner runs it, over both stores: it must print the figures the
// owner's page shows (GET /api/owner/summary) for the same list, not figures of its own.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freshDatabase } from "../../../test/postgres"
import { hashToken } from "../../../src/server/keys/codes"
import { SUMMARY_DAYS, SUMMARY_LIMIT } from "../../../src/signup/owner-summary"
import { maskEmail } from "../../../src/server/waitlist/stats"
import { openEmbeddedStore, openPostgresStore } from "../../../src/server/store/open-store"
import type { SignupStore } from "../../../src/server/store/store"
import { confirmedSignup } from "../../../test/signup-fixtures"
import { runTool } from "../../../test/run-tool"
import { countersOf } from "../../../src/server/store/visit-store"
import ownerPage from "../../../content/pages/owner.json"

const BOOST = 10

/** The rows of the printed table titled `title`: the cells of each line under its header, up to the next section. */
const printedTable = (printed: string, title: string): string[][] => {
  const lines = printed.split("\n")
  const start = lines.findIndex((line) => line.startsWith(title))
  if (start < 0) throw new Error(`signups:stats printed no "${title}" section:\n${printed}`)
  const cells = (line: string) => line.trim().split(/\s{2,}/)
  const columns = cells(lines[start + 1]).length
  const rows = lines.slice(start + 2).map(cells)
  const end = rows.findIndex((row) => row.length !== columns)
  return end < 0 ? rows : rows.slice(0, end)
}

describe.each([
  [
    "SQLite",
    async () => {
      const file = join(mkdtempSync(join(tmpdir(), "block94-stats-")), "signups.db")
      return { env: { SIGNUPS_FILE: file }, open: (): SignupStore => openEmbeddedStore(file, BOOST) }
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const url = await freshDatabase()
      return { env: { DATABASE_URL: url }, open: (): SignupStore => openPostgresStore({ connectionString: url, poolSize: 2 }, BOOST) }
    },
  ],
])("npm run signups:stats with %s", (_name, setUp) => {
  it("prints the owner's summary: the same totals, sources and top referrers as the owner's page for the same list", async () => {
    const { env, open } = await setUp()
    const store = open()
    try {
      const now = new Date()
      const at = now.toISOString()
      // Campaign links, a referring site, friends' links, and both together.
      await store.add(confirmedSignup("ada@example.com", "ADA0000000", null, at, { attribution: { source: "tiktok", campaign: "drop-1" } }))
      await store.add(confirmedSignup("bo@example.com", "BO00000000", "ADA0000000", at))
      await store.add(confirmedSignup("cy@example.com", "CY00000000", null, at, { attribution: { referrer: "news.example" } }))
      await store.add(confirmedSignup("di@example.com", "DI00000000", "ADA0000000", at, { attribution: { source: "tiktok", referrer: "t.co" } }))
      await store.add(confirmedSignup("ed@example.com", "ED00000000", "CY00000000", at, { attribution: { referrer: "news.example" } }))
      await store.add(
        confirmedSignup("fay@example.com", "FAY0000000", null, at, {
          status: "pending",
          confirmToken: { hash: hashToken("confirm fay@example.com"), expiresAt: new Date(now.getTime() + 86_400_000).toISOString() },
          attribution: { source: "instagram" },
        }),
      )
      const summary = await store.ownerSummary(now, { days: SUMMARY_DAYS, limit: SUMMARY_LIMIT })

      const stats = await runTool("signup-stats.ts", env)
      expect(stats.stderr).toBe("")
      expect(stats.stdout).toContain(`Signups: 6 (${summary.confirmed} confirmed, ${summary.pending} pending)`)
      // The page counts a signup by its utm_source alone; a friend's link or a referring site is not a source.
      expect(printedTable(stats.stdout, "By source").map(([name, signups]) => [name, Number(signups)])).toEqual(
        summary.sources.map(({ name, signups }) => [name || "(no source)", signups]),
      )
      expect(printedTable(stats.stdout, "Top referrers").map(([email, code, referrals]) => [email, code, Number(referrals)])).toEqual(
        summary.topReferrers.map(({ email, referralCode, referrals }) => [maskEmail(email), referralCode, referrals]),
      )
    } finally {
      await store.close()
    }
  }, 60_000)

  it('prints the funnel with the owner\'s figures, a count under 5 as "fewer than 5" and no rate on it', async () => {
    const { env, open } = await setUp()
    const store = open()
    try {
      const now = new Date()
      const landing = { path: "/", landing: true, referrer: null, source: "tiktok", campaign: null, ref: null }
      await store.addVisitCounts(Array.from({ length: 40 }, () => countersOf(landing, now)).flat())
      for (const name of ["ada", "bo", "cy", "di", "ed", "fay"])
        await store.add(
          confirmedSignup(`${name}@example.com`, `${name.toUpperCase()}0000000`.slice(0, 10), null, now.toISOString(), { attribution: { source: "tiktok" } }),
        )
      await store.add(confirmedSignup("gus@example.com", "GUS0000000", "ADA0000000", now.toISOString()))
      const funnel = await store.funnel(now)

      const stats = await runTool("signup-stats.ts", env)
      expect(stats.stderr).toBe("")
      const steps = Object.fromEntries(printedTable(stats.stdout, "Funnel").map(([step, total, rate]) => [step, [total, rate]]))
      // In the owner's page's words.
      const { steps: names, fewerThan } = ownerPage.now
      expect(steps[names.visits]).toEqual([String(funnel.total.visits), "-"])
      expect(steps[names.signups]).toEqual(["7", "17.5%"])
      expect(steps[names.referred]).toEqual([fewerThan.replace("{count}", "5"), "-"])
      expect(printedTable(stats.stdout, "Visits and signups by source").slice(0, 1)).toEqual([["tiktok", "40", "6", "15.0%", "6"]])
    } finally {
      await store.close()
    }
  }, 60_000)
})
