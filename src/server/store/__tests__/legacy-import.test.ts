// A list kept by the earlier embedded store (JSON Lines) moves into SQLite on the first start.
// The fixture was written by that store's own code: a signup from before referral links (with
// the upgrade line the store added), confirmed and pending signups, a referral, a used
// confirmation token, a second status token and a mail sent.
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { hashToken } from "../../waitlist/codes"
import { importedName } from "../legacy-import"
import { openEmbeddedStore } from "../open-store"
import { allRows } from "../store"

const FIXTURE = join(__dirname, "fixtures", "signups-before-sqlite.jsonl")

const folderWithOldList = (): string => {
  const folder = mkdtempSync(join(tmpdir(), "block94-import-"))
  copyFileSync(FIXTURE, join(folder, "signups.jsonl"))
  return folder
}

describe("moving an earlier JSON Lines list into SQLite", () => {
  it("imports every signup once with its place, referral, tokens and mail, and keeps the old file as a backup", async () => {
    const folder = folderWithOldList()
    const store = openEmbeddedStore(join(folder, "signups.db"), 10)
    try {
      const rows = await allRows(store)
      expect(rows.map(({ signup, place, referrals }) => [signup.email, signup.status, place?.position ?? null, referrals])).toEqual([
        ["legacy@example.com", "confirmed", 2, 0],
        ["first@example.com", "confirmed", 3, 0],
        // One confirmed referral: 3 - 10 puts it first.
        ["second@example.com", "confirmed", 1, 1],
        ["friend@example.com", "confirmed", 4, 0],
        ["waiting@example.com", "pending", null, 0],
        ["used@example.com", "confirmed", 5, 0],
      ])
      expect(rows[1].signup.attribution).toEqual({ source: "tiktok", campaign: "launch" })
      expect(rows[0].signup.referralCode).toMatch(/^[A-Z0-9]{10}$/)
      expect(rows[4].signup.lastMailAt).toBe("2026-11-20T12:07:00.000Z")
      // The owner's counts include the imported list, as a pass over it counts it.
      const summary = await store.ownerSummary(new Date("2026-11-22T12:00:00.000Z"), { days: 30, limit: 20 })
      expect({ confirmed: summary.confirmed, pending: summary.pending }).toEqual({ confirmed: 5, pending: 1 })
      expect(summary.perDay.reduce((sum, day) => sum + day.signups, 0)).toBe(6)
      expect(summary.sources).toContainEqual({ name: "tiktok", signups: 1, confirmed: 1 })
      // Both status tokens of the second signup still lead to it; the used confirmation stays used.
      await expect(store.standingByStatusToken(hashToken("second status of second@example.com"))).resolves.toMatchObject({
        signup: { email: "second@example.com" },
      })
      await expect(store.confirm(hashToken("confirm used@example.com"), new Date("2026-11-21T00:00:00.000Z"))).resolves.toEqual({ kind: "expired" })
      // The pending one confirms with its old link, and its referrer gains the referral.
      await expect(store.confirm(hashToken("confirm waiting@example.com"), new Date("2026-11-21T00:00:00.000Z"))).resolves.toMatchObject({ kind: "confirmed" })
      await expect(store.standingByStatusToken(hashToken("status first@example.com"))).resolves.toMatchObject({ referrals: 1 })
    } finally {
      await store.close()
    }
    expect(existsSync(join(folder, "signups.jsonl"))).toBe(false)
    expect(readFileSync(importedName(join(folder, "signups.jsonl")), "utf8")).toBe(readFileSync(FIXTURE, "utf8"))
  })

  it("never imports twice: a restart finds the same list", async () => {
    const folder = folderWithOldList()
    const first = openEmbeddedStore(join(folder, "signups.db"), 10)
    await first.ping()
    await first.close()
    // The old file put back by hand is not read again over a list that holds signups.
    copyFileSync(FIXTURE, join(folder, "signups.jsonl"))
    const again = openEmbeddedStore(join(folder, "signups.db"), 10)
    try {
      expect(await allRows(again)).toHaveLength(6)
    } finally {
      await again.close()
    }
  })

  it("leaves out an address that left the list: an import never brings anyone back, nor counts their referrals", async () => {
    const folder = mkdtempSync(join(tmpdir(), "block94-import-"))
    const before = openEmbeddedStore(join(folder, "signups.db"), 10)
    // The owner answered an erasure request for second@example.com (who brought friend@) before the old file came back.
    await expect(before.erase({ emailKey: "second@example.com" }, new Date("2026-11-21T00:00:00.000Z"))).resolves.toEqual({ kind: "unknown" })
    await before.close()
    copyFileSync(FIXTURE, join(folder, "signups.jsonl"))
    const store = openEmbeddedStore(join(folder, "signups.db"), 10)
    try {
      const rows = await allRows(store)
      expect(rows.map(({ signup, place, referrals, referredBy }) => [signup.email, place?.position ?? null, referrals, referredBy])).toEqual([
        ["legacy@example.com", 1, 0, null],
        ["first@example.com", 2, 0, null],
        ["friend@example.com", 3, 0, null],
        ["waiting@example.com", null, 0, "CODE000001"],
        ["used@example.com", 4, 0, null],
      ])
      await expect(store.standingByStatusToken(hashToken("second status of second@example.com"))).resolves.toBeNull()
    } finally {
      await store.close()
    }
  })

  it("reads an old SIGNUPS_FILE setting that names the .jsonl file, keeping the database beside it", async () => {
    const folder = folderWithOldList()
    const store = openEmbeddedStore(join(folder, "signups.jsonl"), 10)
    try {
      expect(await allRows(store)).toHaveLength(6)
    } finally {
      await store.close()
    }
    expect(existsSync(join(folder, "signups.db"))).toBe(true)
  })
})
