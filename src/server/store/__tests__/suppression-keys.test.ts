// A list from before suppression keys were keyed holds plain SHA-256 keys, in its database and
// its erasure log. Its first use with a pepper keys both, and those who left stay out; another
// pepper later stops the store instead of letting them back in.
import { hash } from "node:crypto"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { confirmedSignup } from "../../../../test/signup-fixtures"
import { freshDatabase } from "../../../../test/postgres"
import { newSignupsFile } from "../../../../test/store-engines"
import { readErasures, rekeyErasureLog } from "../../backup/erasure-log"
import { suppressionKey } from "../../keys/suppression-key"
import { emailKey } from "../../waitlist/email-key"
import type { SqlDatabase } from "../database"
import { openPostgresDatabase } from "../postgres-database"
import { openSqliteDatabase } from "../sqlite-database"
import { createSqlStore } from "../sql-store"
import { WrongPepperError } from "../suppressions"

const NOW = new Date("2026-11-22T12:00:00.000Z")
const PEPPER = "the-lists-pepper-of-at-least-thirty-two-characters"
const LEAVER = "Leaver@Example.com"
const plainKey = (email: string) => hash("sha256", emailKey(email), "hex")

describe.each([
  [
    "SQLite",
    async () =>
      (
        (file) => () =>
          openSqliteDatabase(file)
      )(newSignupsFile()),
  ],
  [
    "PostgreSQL",
    async () =>
      (
        (connectionString) => () =>
          openPostgresDatabase({ connectionString, poolSize: 2 })
      )(await freshDatabase()),
  ],
])("suppression keys on %s", (_engine, databaseOf) => {
  let database: () => SqlDatabase
  let log: string
  beforeEach(async () => {
    database = await databaseOf()
    log = join(mkdtempSync(join(tmpdir(), "block94-rekey-")), "erasures.log")
  })
  const storeWith = (pepper: string) => createSqlStore(database(), { boost: 10, pepper, rekeyErasureLog: (keyedWith) => rekeyErasureLog(log, keyedWith) })
  const suppressions = async (): Promise<string[]> => {
    const db = database()
    try {
      return (await db.query<{ key_hash: string }>("select key_hash from signup_suppressions order by key_hash")).map((row) => row.key_hash)
    } finally {
      await db.close()
    }
  }
  const importOf = (email: string) => confirmedSignup(email, "IMPORTED01", null, NOW.toISOString(), { source: "import" })

  /** A list as it was before keys were keyed: someone left, their plain key in the table and the log. */
  const listFromBefore = async (): Promise<void> => {
    const store = storeWith(PEPPER)
    await store.add(confirmedSignup(LEAVER, "LEAVER0001", null, NOW.toISOString()))
    await store.erase({ emailKey: emailKey(LEAVER) }, NOW)
    await store.close()
    const db = database()
    try {
      await db.query("update signup_suppressions set key_hash = $1", [plainKey(LEAVER)])
      await db.query("delete from store_settings where name = 'pepper'")
    } finally {
      await db.close()
    }
    writeFileSync(log, `${JSON.stringify({ at: NOW.toISOString(), key: plainKey(LEAVER), kind: "left" })}\n{"at":"2026-11-2`)
  }

  it("keys a list from before the pepper on first use, its erasure log too, and keeps those who left out", async () => {
    await listFromBefore()
    const store = storeWith(PEPPER)
    try {
      await expect(store.add(importOf(LEAVER))).resolves.toEqual({ kind: "suppressed" })
    } finally {
      await store.close()
    }
    expect(await suppressions()).toEqual([suppressionKey(PEPPER, emailKey(LEAVER))])
    // The log's line is keyed the same way; the line a crash cut short stays as it was.
    const text = readFileSync(log, "utf8")
    expect(text).not.toContain(plainKey(LEAVER))
    expect(readErasures(log, PEPPER)).toEqual({
      entries: [{ at: NOW.toISOString(), key: suppressionKey(PEPPER, emailKey(LEAVER)), kind: "left" }],
      unreadable: 1,
    })

    // Opened again, nothing is keyed twice.
    const again = storeWith(PEPPER)
    try {
      await expect(again.add(importOf(LEAVER))).resolves.toEqual({ kind: "suppressed" })
    } finally {
      await again.close()
    }
    expect(await suppressions()).toEqual([suppressionKey(PEPPER, emailKey(LEAVER))])
  })

  it("reads an erasure log line from before the pepper as keyed, for a restore that finds the log not yet rewritten", () => {
    writeFileSync(log, `${JSON.stringify({ at: NOW.toISOString(), key: plainKey(LEAVER), kind: "left" })}\n`)
    expect(readErasures(log, PEPPER).entries).toEqual([{ at: NOW.toISOString(), key: suppressionKey(PEPPER, emailKey(LEAVER)), kind: "left" }])
  })

  it("refuses to run with another pepper than its keys were made with", async () => {
    const store = storeWith(PEPPER)
    await store.erase({ emailKey: emailKey(LEAVER) }, NOW)
    await store.close()
    const other = storeWith("another-pepper-also-thirty-two-characters-long")
    try {
      await expect(other.ping()).rejects.toBeInstanceOf(WrongPepperError)
      await expect(other.add(importOf(LEAVER))).rejects.toThrow(/made with another pepper: give the server the one it had \(LIST_PEPPER/)
    } finally {
      await other.close()
    }
  })
})
