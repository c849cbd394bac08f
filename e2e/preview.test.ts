/**
 * `npm run serve`, the preview a newcomer runs after `npm run build`, takes a signup as
 * `npm start` does: a built site refuses signups without mail, so the preview brings the local
 * inbox, says so at start, and prints the confirmation email it catches.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort, stopSite } from "../tools/dev/serve"
import { expect, test } from "./fixtures"
import { NO_BROWSER } from "./site"

test.describe("the preview (npm run serve)", NO_BROWSER, () => {
  let preview: ChildProcess
  let output = ""
  let baseUrl = ""

  test.beforeAll(async () => {
    const port = await freePort()
    baseUrl = `http://127.0.0.1:${port}`
    // A fresh clone's settings: none, but a store of the test's own instead of .data/.
    const env: NodeJS.ProcessEnv = { ...process.env, SIGNUPS_FILE: join(mkdtempSync(join(tmpdir(), "block94-preview-")), "signups.db") }
    for (const name of ["SMTP_URL", "SIGNUP_SINGLE_OPT_IN", "SIGNUP_RATE_LIMIT", "SITE_URL", "DATABASE_URL"]) delete env[name]
    preview = spawn("npm", ["run", "serve", "--", "--port", String(port), "--host", "127.0.0.1"], { env, detached: true, stdio: ["ignore", "pipe", "pipe"] })
    preview.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()))
    preview.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()))
    await expect
      .poll(async () => (await fetch(`${baseUrl}/`).catch(() => null))?.status, { timeout: 60_000, message: `the preview did not answer:\n${output}` })
      .toBe(200)
  })

  test.afterAll(() => stopSite(preview))

  test("says at start that signups work and where their emails go", () => {
    expect(output).toMatch(/their emails go to a local inbox at smtp:\/\/127\.0\.0\.1:\d+/)
    expect(output).toContain("deploy with npm run serve:prod")
  })

  test("answers a signup with 2xx and prints its confirmation email", async () => {
    const email = "preview-newcomer@example.com"
    const response = await fetch(`${baseUrl}/api/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, source: "website_signup", timestamp: new Date().toISOString() }),
    })
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ ok: true, status: "pending" })
    await expect.poll(() => output, { timeout: 30_000 }).toContain(`preview: mail to ${email}`)
    expect(output).toContain(`${baseUrl}/confirm/#token=`)
  })
})
