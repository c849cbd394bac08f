// Which receivers a webhook may reach: public addresses over https only, unless the owner says
// WEBHOOK_ALLOW_PRIVATE=1 for local testing; and the address a name resolves to is checked when
// the webhook is sent, not only the literal in the URL.
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { isPrivateAddress } from "../addresses"
import { postWebhook, publicOnlyLookup, type ResolveAll } from "../sender"
import { parseWebhookSettings, webhookUrlProblem } from "../settings"

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

describe("addresses a webhook may not reach", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.1",
    "255.255.255.255",
    "::1",
    "::",
    "fe80::1",
    "fe80::1%eth0",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "64:ff9b::7f00:1",
    "64:ff9b::10.0.0.1",
    "[::1]",
    "not-an-address",
  ])("%s is not public", (address) => {
    expect(isPrivateAddress(address)).toBe(true)
  })

  it.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "192.169.0.1", "2606:4700::6810:84e5", "2a00:1450:4001:80b::200e", "::ffff:8.8.8.8", "64:ff9b::808:808"])(
    "%s is public",
    (address) => {
      expect(isPrivateAddress(address)).toBe(false)
    },
  )
})

describe("WEBHOOK_URL as the owner writes it", () => {
  it("takes public https URLs and refuses http, local and private ones, saying why", () => {
    expect(webhookUrlProblem("https://hooks.example.com/in", false)).toBeNull()
    expect(webhookUrlProblem("http://hooks.example.com/in", false)).toMatch(/not https/)
    expect(webhookUrlProblem("https://127.0.0.1/in", false)).toMatch(/private or local/)
    expect(webhookUrlProblem("https://[::1]/in", false)).toMatch(/private or local/)
    expect(webhookUrlProblem("https://[fd00::5]/in", false)).toMatch(/private or local/)
    expect(webhookUrlProblem("https://169.254.169.254/latest/meta-data", false)).toMatch(/private or local/)
    expect(webhookUrlProblem("https://localhost:8443/in", false)).toMatch(/private or local/)
    expect(webhookUrlProblem("https://user:pw@hooks.example.com/in", false)).toMatch(/password/)
    expect(webhookUrlProblem("hooks.example.com", false)).toMatch(/not a URL/)
    expect(webhookUrlProblem("ftp://hooks.example.com", true)).toMatch(/not https/)
  })

  it("allows http and local receivers with WEBHOOK_ALLOW_PRIVATE=1", () => {
    expect(webhookUrlProblem("http://127.0.0.1:9000/in", true)).toBeNull()
    expect(webhookUrlProblem("http://localhost:9000/in", true)).toBeNull()
  })

  it("reads one or more URLs, keeps the good ones and says what is wrong with the rest; never throws", () => {
    const settings = parseWebhookSettings({
      urls: "https://a.example.com/h, http://b.example.com/h  https://10.0.0.1/h,https://a.example.com/h",
      secret: SECRET,
      allowPrivate: undefined,
    })
    expect(settings.urls).toEqual(["https://a.example.com/h"])
    expect(settings.problems).toEqual([
      expect.stringContaining("http://b.example.com/h is not https"),
      expect.stringContaining("https://10.0.0.1/h is a private"),
    ])
  })

  it("sends nothing without a good secret, and says so", () => {
    expect(parseWebhookSettings({ urls: "https://a.example.com/h", secret: undefined, allowPrivate: undefined })).toMatchObject({
      urls: [],
      problems: [expect.stringContaining("WEBHOOK_SECRET is not set")],
    })
    expect(parseWebhookSettings({ urls: "https://a.example.com/h", secret: "hunter2", allowPrivate: undefined }).problems).toEqual([
      expect.stringContaining("whsec_"),
    ])
    expect(parseWebhookSettings({ urls: "https://a.example.com/h", secret: "whsec_!!!", allowPrivate: undefined }).problems).toEqual([
      expect.stringContaining("not valid"),
    ])
    expect(parseWebhookSettings({ urls: undefined, secret: undefined, allowPrivate: undefined })).toEqual({
      urls: [],
      secret: null,
      allowPrivate: false,
      problems: [],
    })
  })
})

describe("the address checked when a webhook is sent", () => {
  it("refuses a name that resolves to a private address when it connects (as a re-pointed name would), and an http URL", async () => {
    const resolved = await new Promise<Error | null>((resolve) => publicOnlyLookup()("localhost", {}, (error) => resolve(error)))
    expect(resolved?.message).toMatch(/localhost resolves to .*not a public address/)
    const server = createServer((_request, response) => response.end("ok"))
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const port = (server.address() as AddressInfo).port
    // A name whose record now points at this machine: the check runs on the connection's own lookup.
    const lookups: string[] = []
    const rebound: ResolveAll = (hostname, _family, callback) => {
      lookups.push(hostname)
      callback(null, [{ address: "127.0.0.1", family: 4 }])
    }
    try {
      await expect(postWebhook(`https://hooks.example.com:${port}/`, {}, "{}", { allowPrivate: false, timeoutMs: 2_000, resolveAll: rebound })).rejects.toThrow(
        /hooks.example.com resolves to 127.0.0.1, which is not a public address/,
      )
      expect(lookups).toEqual(["hooks.example.com"])
      // Over http the URL is refused before any connection; a literal private address too.
      await expect(postWebhook(`http://hooks.example.com:${port}/`, {}, "{}", { allowPrivate: false, timeoutMs: 2_000 })).rejects.toThrow(/not an https URL/)
      await expect(postWebhook(`https://127.0.0.1:${port}/`, {}, "{}", { allowPrivate: false, timeoutMs: 2_000 })).rejects.toThrow(/private or local/)
      await expect(postWebhook(`https://[::ffff:127.0.0.1]:${port}/`, {}, "{}", { allowPrivate: false, timeoutMs: 2_000 })).rejects.toThrow(/private or local/)
      // With the override, the local receiver answers.
      await expect(postWebhook(`http://localhost:${port}/`, {}, "{}", { allowPrivate: true, timeoutMs: 2_000 })).resolves.toBe(200)
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it("gives up on a receiver that does not answer within the time limit", async () => {
    const server = createServer(() => undefined)
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const port = (server.address() as AddressInfo).port
    try {
      await expect(postWebhook(`http://127.0.0.1:${port}/`, {}, "{}", { allowPrivate: true, timeoutMs: 300 })).rejects.toThrow(/did not answer within 0.3 s/)
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
