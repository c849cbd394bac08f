/** @jest-environment node */
// The production server and short secrets: an owner's or shop's secret that could be guessed
// stops the server at start, with a message naming the setting.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { tinySite } from "../../../../test/tiny-site"
import { serveProduction } from "../../../../tools/serve"

jest.setTimeout(60_000)

const settings = (env: Record<string, string>) => ({ PUBLIC_DIR: tinySite(), SIGNUPS_FILE: join(mkdtempSync(join(tmpdir(), "block94-secrets-")), "signups.db"), ...env })

describe("serve:prod with the owner's and the shop's secrets", () => {
  it.each(["OWNER_TOKEN", "INVITE_API_TOKEN"])("refuses to start with a %s shorter than 32 characters, saying which and how to make one", async (name) => {
    await expect(serveProduction(settings({ [name]: "password123" }))).rejects.toThrow(
      new RegExp(`${name} is 11 characters long: set a random secret of at least 32 characters`),
    )
  })

  it("starts with secrets of 32 characters or more", async () => {
    const server = await serveProduction(settings({ OWNER_TOKEN: "o".repeat(32), INVITE_API_TOKEN: "i".repeat(40) }))
    try {
      expect((await fetch(`${server.baseUrl}/api/owner/summary`, { headers: { authorization: `Bearer ${"o".repeat(32)}` } })).status).toBe(200)
    } finally {
      await server.stop()
    }
  })
})
