// `npm run mail:send` as a scheduler runs it on a serverless host: in a process of its own, with
// only the settings the owner set. What the server would deliver, it delivers: here the email
// provider's calls, against a stand-in that checks them as the Loops API reference documents.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { startFakeApi, type FakeApi } from "../../../test/provider-api"
import { openEmbeddedStore } from "../../../src/server/store/open-store"
import { confirmedSignup } from "../../../test/signup-fixtures"
import { runTool } from "../../../test/run-tool"

const NOW = "2026-11-22T12:00:00.000Z"
const API_KEY = "d3b07384d113edec49eaa6238ad5ff00"

const confirmed = (email: string, referralCode: string) => confirmedSignup(email, referralCode, null, NOW)

const sendMail = (env: Record<string, string>) => {
  const clean = Object.fromEntries(
    Object.keys(process.env)
      .filter((name) => /^(SMTP_URL|WEBHOOK_|EMAIL_PROVIDER|DATABASE_URL|NETLIFY)/.test(name))
      .map((name) => [name, undefined]),
  )
  return runTool("send-mail.ts", { ...clean, ...env })
}

let api: FakeApi
beforeEach(async () => {
  api = await startFakeApi()
})
afterEach(() => api.close())

describe("npm run mail:send", () => {
  it("delivers the email provider's calls with only EMAIL_PROVIDER set, and the contact arrives", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "block94-send-mail-")), "signups.db")
    const store = openEmbeddedStore(file, 10, { events: true })
    await store.add(confirmed("ada@example.com", "ADA0000000"))
    await store.close()
    api.answer({ status: 200, body: { success: true, id: "cll6b3i8901a9jx0oyktl2m4u" } })

    const run = await sendMail({ SIGNUPS_FILE: file, EMAIL_PROVIDER: "loops", EMAIL_PROVIDER_API_KEY: API_KEY, EMAIL_PROVIDER_API_URL: api.url })

    expect(run.stderr).toBe("")
    expect(run.code).toBe(0)
    expect(api.requests).toHaveLength(1)
    expect(api.requests[0]).toMatchObject({ method: "PUT", path: "/api/v1/contacts/update", headers: { authorization: `Bearer ${API_KEY}` } })
    expect(api.requests[0].body).toMatchObject({ email: "ada@example.com", waitlistPosition: 1, referralCode: "ADA0000000" })
    // Both events fanned out and the provider's call: nothing left waiting.
    expect(run.stdout).toMatch(/^Delivered 3; 0 waiting for a retry, 0 given up on\.$/m)

    // Delivered once: a second run has nothing to do.
    const again = await sendMail({ SIGNUPS_FILE: file, EMAIL_PROVIDER: "loops", EMAIL_PROVIDER_API_KEY: API_KEY, EMAIL_PROVIDER_API_URL: api.url })
    expect(again.stdout).toMatch(/^Delivered 0;/m)
    expect(api.requests).toHaveLength(1)
    // Two runs of the command, each a Node process of its own.
  }, 60_000)

  it("says there is nothing to deliver to when no destination is set", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "block94-send-mail-")), "signups.db")
    const run = await sendMail({ SIGNUPS_FILE: file })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("none of SMTP_URL, WEBHOOK_URL and EMAIL_PROVIDER is set")
  }, 30_000)
})
