// What stops the production server at start, with a message naming the setting: an owner's or
// shop's secret that could be guessed, no way to confirm addresses, or no pepper to key who left.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freshDatabase } from "../../../../test/postgres"
import { tinySite } from "../../../../test/tiny-site"
import { serveProduction } from "../../../../tools/dev/serve"

jest.setTimeout(60_000)

const settings = (env: Record<string, string>) => ({
  PUBLIC_DIR: tinySite(),
  SIGNUPS_FILE: join(mkdtempSync(join(tmpdir(), "block94-secrets-")), "signups.db"),
  ...env,
})

describe("serve:prod at start", () => {
  it.each(["OWNER_TOKEN", "INVITE_API_TOKEN"])("refuses to start with a %s shorter than 32 characters, saying which and how to make one", async (name) => {
    await expect(serveProduction(settings({ [name]: "password123" }))).rejects.toThrow(
      new RegExp(`${name} is 11 characters long: set a random secret of at least 32 characters`),
    )
  })

  it.each([
    ["whitespace", "correct horse battery staple with spaces", /OWNER_TOKEN holds whitespace/],
    ["too little variety", "o".repeat(40), /OWNER_TOKEN has too little variety \(only 1 different characters\)/],
  ])("refuses to start with an OWNER_TOKEN with %s, saying why", async (_case, secret, message) => {
    await expect(serveProduction(settings({ OWNER_TOKEN: secret }))).rejects.toThrow(message)
  })

  it("refuses to start without SMTP_URL unless single opt-in is chosen on purpose", async () => {
    await expect(serveProduction(settings({ SIGNUP_SINGLE_OPT_IN: "", SMTP_URL: "" }))).rejects.toThrow(
      /Signups need double opt-in in production: set SMTP_URL/,
    )
    const server = await serveProduction(settings({ SIGNUP_SINGLE_OPT_IN: "1", SMTP_URL: "" }))
    await server.stop()
    expect(server.output()).toContain("SINGLE OPT-IN (SIGNUP_SINGLE_OPT_IN=1)")
  })

  it("says at start that the bot check refuses nothing in monitor, the default, and how to enforce it; nothing once enforced", async () => {
    const monitor = await serveProduction(settings({ SIGNUP_SINGLE_OPT_IN: "1", SMTP_URL: "" }))
    await monitor.stop()
    expect(monitor.output()).toMatch(/the bot check is in monitor mode \(ALTCHA_MODE=monitor, the default\): .*refuses nothing; .*ALTCHA_MODE=enforce/)
    const enforce = await serveProduction(
      settings({ SIGNUP_SINGLE_OPT_IN: "1", SMTP_URL: "", ALTCHA_MODE: "enforce", ALTCHA_HMAC_KEY: "3f9a1c7be24d08f6a5c3e19b7d2f4a60c8e1b9d3" }),
    )
    await enforce.stop()
    expect(enforce.output()).not.toContain("bot check")
  })

  it("refuses to start on PostgreSQL in production without LIST_PEPPER, saying where to keep it", async () => {
    await expect(serveProduction(settings({ DATABASE_URL: await freshDatabase(), LIST_PEPPER: "" }))).rejects.toThrow(
      /LIST_PEPPER is not set: with PostgreSQL, who left the list is kept as keys made with a pepper that lives outside the database/,
    )
  })

  it("refuses to start with another pepper than the one the list's keys were made with", async () => {
    const env = settings({})
    // The first start keys the list with the pepper file it makes beside the database.
    await (await serveProduction(env)).stop()
    await expect(serveProduction({ ...env, LIST_PEPPER: "a-different-pepper-of-thirty-two-characters" })).rejects.toThrow(
      /this list's suppression keys were made with another pepper/,
    )
  })

  it("starts with random secrets of 32 characters or more", async () => {
    const owner = "k3Jq9vXw2LmP8rT5yZ0aB7cD4eF6gH1i"
    const server = await serveProduction(settings({ OWNER_TOKEN: owner, INVITE_API_TOKEN: "3f9a1c7be24d08f6a5c3e19b7d2f4a60c8e1b9d37a2f5c04" }))
    try {
      expect((await fetch(`${server.baseUrl}/api/owner/summary`, { headers: { authorization: `Bearer ${owner}` } })).status).toBe(200)
    } finally {
      await server.stop()
    }
  })
})
