// A full disk, for real: SQLite's max_page_count stops the database file from growing, as a full
// disk does (SQLITE_FULL). A signup then gets 503 with Retry-After, the form keeps what was typed
// (see the browser tests), nothing stored before is lost, and signups go through once there is room.
import { errorMessage } from "../../../signup/errors"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { handleSignupRequest } from "../signup-handler"
import { type ApiRequest, type HandlerDependencies } from "../kit"
import { createSignupService } from "../../waitlist/service"
import { DISK_RETRY_AFTER_SECONDS, openSqliteDatabase } from "../../store/sqlite-database"
import { createSqlStore } from "../../store/sql-store"
import { allRows } from "../../store/store"
import { DEVELOPMENT_PEPPER } from "../../keys/pepper"

const NOW = new Date("2026-11-22T12:00:00.000Z")

const signupRequest = (email: string): ApiRequest => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  query: new URLSearchParams(),
  clientKey: "203.0.113.7",
  readBody: async () => ({ kind: "bytes", bytes: Buffer.from(JSON.stringify({ email, source: "website_signup", timestamp: NOW.toISOString() }), "utf8") }),
})

it("answers 503 with Retry-After while the disk is full, loses nothing stored, and takes signups again once there is room", async () => {
  const db = openSqliteDatabase(join(mkdtempSync(join(tmpdir(), "block94-disk-full-")), "signups.db"))
  const store = createSqlStore(db, { boost: 10, pepper: DEVELOPMENT_PEPPER })
  const errors: unknown[] = []
  const deps: HandlerDependencies = {
    service: createSignupService({ store, mail: null, settings: { siteUrl: "https://block94.example", referralBoost: 10 } }),
    rateLimiter: { hit: () => ({ allowed: true }) },
    now: () => NOW,
    logError: (_message, error) => errors.push(error),
  }
  try {
    expect((await handleSignupRequest(signupRequest("first@example.com"), deps)).status).toBe(201)
    const [{ page_count: pages }] = await db.query<{ page_count: number }>("pragma page_count")
    await db.query(`pragma max_page_count = ${pages}`)

    const taken: string[] = []
    let full = null
    for (let i = 0; i < 2_000 && !full; i++) {
      const email = `person${i}@example.com`
      const answer = await handleSignupRequest(signupRequest(email), deps)
      if (answer.status === 201) taken.push(email)
      else full = { email, answer }
    }
    expect(full?.answer).toEqual({
      status: 503,
      headers: { "Cache-Control": "no-store", "Retry-After": String(DISK_RETRY_AFTER_SECONDS) },
      body: { error: errorMessage("store_unavailable"), code: "store_unavailable" },
    })
    expect(errors).toEqual([expect.objectContaining({ name: "StoreUnavailableError", message: "the signup database's disk is full or failing" })])

    await db.query("pragma max_page_count = 1073741823")
    expect((await handleSignupRequest(signupRequest(full?.email ?? ""), deps)).status).toBe(201)
    expect((await allRows(store)).map((row) => row.signup.email)).toEqual(["first@example.com", ...taken, full?.email])
  } finally {
    await store.close()
  }
})
