// A crash in the middle of a launch-day burst: the production server is killed with SIGKILL while
// signups pour in, then started again on the same store. Every address that was answered 2xx
// before the crash must be on the list, and the store must still work. For both stores.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { tinySite } from "../../../../test/tiny-site"
import { serveProduction, type ProductionServer } from "../../../../tools/dev/serve"
import { freshDatabase } from "../../../../test/postgres"
import { openEmbeddedStore, openPostgresStore } from "../../store/open-store"
import { allRows, type SignupStore } from "../../store/store"

jest.setTimeout(120_000)

/** Signups from `workers` clients at once until the server stops answering; the addresses answered 2xx. */
const burst = async (baseUrl: string, workers: number, onFirstAnswers: () => void): Promise<{ accepted: string[]; sent: number }> => {
  const accepted: string[] = []
  let sent = 0
  let alive = true
  const worker = async (id: number) => {
    for (let index = 0; alive; index += 1) {
      const email = `crash-${id}-${index}@example.com`
      sent += 1
      try {
        const response = await fetch(`${baseUrl}/api/signup`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email, source: "website_signup", timestamp: new Date().toISOString() }),
        })
        if (response.ok) accepted.push(email)
        if (accepted.length === 1000) onFirstAnswers()
      } catch {
        // The server is gone: this request's fate is unknown, and it was not answered.
        alive = false
      }
    }
  }
  await Promise.all(Array.from({ length: workers }, (_, id) => worker(id)))
  return { accepted, sent }
}

const emailsIn = async (store: SignupStore): Promise<Set<string>> => {
  try {
    return new Set((await allRows(store)).map((row) => row.signup.email))
  } finally {
    await store.close()
  }
}

describe.each([
  [
    "SQLite",
    async () => {
      const file = join(mkdtempSync(join(tmpdir(), "block94-crash-")), "signups.db")
      return { env: { SIGNUPS_FILE: file }, open: () => openEmbeddedStore(file, 10) }
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const url = await freshDatabase()
      return { env: { DATABASE_URL: url }, open: () => openPostgresStore({ connectionString: url, poolSize: 2 }, 10) }
    },
  ],
])("killed mid-burst with %s", (name, storage) => {
  const servers: ProductionServer[] = []
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop("SIGKILL")))
  })

  it("keeps every signup it answered 2xx, and starts again on the same store", async () => {
    const { env, open } = await storage()
    const settings = { ...env, PUBLIC_DIR: tinySite(), SIGNUP_RATE_LIMIT: "100000000" }
    const first = await serveProduction(settings)
    servers.push(first)
    // Kill it once the burst is well under way, with requests in flight.
    let killed: Promise<void> | undefined
    const { accepted, sent } = await burst(first.baseUrl, 16, () => {
      killed = first.stop("SIGKILL")
    })
    await killed
    expect(first.process.signalCode).toBe("SIGKILL")
    expect(accepted.length).toBeGreaterThanOrEqual(1000)

    const restarted = await serveProduction(settings)
    servers.push(restarted)
    const again = await fetch(`${restarted.baseUrl}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "after-the-crash@example.com", source: "website_signup", timestamp: new Date().toISOString() }),
    })
    expect(again.status).toBe(201)
    await restarted.stop()

    const stored = await emailsIn(open())
    const lost = accepted.filter((email) => !stored.has(email))
    console.info(
      `crash test, ${name}: ${sent} sent, ${accepted.length} answered 2xx before SIGKILL, ${stored.size - 1} stored before the restart, ${lost.length} lost`,
    )
    expect(lost).toEqual([])
    expect(stored.has("after-the-crash@example.com")).toBe(true)
  })
})
