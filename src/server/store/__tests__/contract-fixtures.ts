// What the store's contract tests share: signups as the service hands them over, and stores on
// both engines (SQLite, and a real PostgreSQL server started for the test run, no mocks).
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freshDatabase } from "../../../../test/postgres"
import { confirmedSignup } from "../../../../test/signup-fixtures"
import { hashToken } from "../../keys/codes"
import { openEmbeddedStore, openPostgresStore } from "../open-store"
import type { AddResult, NewSignup, Signup, SignupStore } from "../store"

export const BOOST = 10
export const NOW = new Date("2026-11-22T12:00:00.000Z")
export const HOUR = 3_600_000

let counter = 0
/** A number not handed out before in this test file, for codes and tokens that must differ. */
export const nextNumber = (): number => (counter += 1)
/** A signup as the service would hand it over; codes and tokens derived from the address. */
export const signup = (email: string, overrides: Partial<NewSignup> = {}): NewSignup =>
  confirmedSignup(email, `C${String(nextNumber()).padStart(9, "0")}`, null, NOW.toISOString(), {
    emailKey: email.toLowerCase(),
    timestamp: "2026-11-22T11:59:59.000Z",
    ...overrides,
  })
/** The signup an add answered with: the new one, or the one already there. */
export const signupOf = (result: AddResult): Signup => {
  if (result.kind === "suppressed") throw new Error("the signup was refused as suppressed")
  return result.signup
}

export const pending = (email: string, overrides: Partial<NewSignup> = {}): NewSignup =>
  signup(email, {
    status: "pending",
    confirmToken: { hash: hashToken(`confirm ${email}`), expiresAt: new Date(NOW.getTime() + 48 * HOUR).toISOString() },
    ...overrides,
  })

export interface StoreUnderTest {
  /** A store on fresh storage; narrow bands put even a short list in many of them. */
  fresh(bucketWidth?: number): Promise<SignupStore>
  /** Another store on the same storage, as after a restart (with another referral boost, if given). */
  reopen(boost?: number): SignupStore
}

export const sqliteStores = (): StoreUnderTest => {
  let file = ""
  return {
    async fresh(bucketWidth) {
      file = join(mkdtempSync(join(tmpdir(), "block94-store-")), "signups.db")
      return openEmbeddedStore(file, BOOST, { bucketWidth })
    },
    reopen: (boost = BOOST) => openEmbeddedStore(file, boost),
  }
}

export const postgresStores = (): StoreUnderTest => {
  let url = ""
  return {
    async fresh(bucketWidth) {
      url = await freshDatabase()
      return openPostgresStore({ connectionString: url, poolSize: 5 }, BOOST, { bucketWidth })
    },
    reopen: (boost = BOOST) => openPostgresStore({ connectionString: url, poolSize: 5 }, boost),
  }
}

/** Both engines, for `describe.each`. */
export const ENGINES: Array<[string, () => StoreUnderTest]> = [
  ["SQLite", sqliteStores],
  ["PostgreSQL", postgresStores],
]

/** Opens stores for one engine's tests and closes every one after each test. */
export const openedStores = (makeStores: () => StoreUnderTest) => {
  const stores = makeStores()
  const opened: SignupStore[] = []
  const open = async () => {
    const store = await stores.fresh()
    opened.push(store)
    return store
  }
  const reopen = () => {
    const store = stores.reopen()
    opened.push(store)
    return store
  }
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()))
  })
  return { open, reopen, opened }
}
