// serve:prod with WEBHOOK_URL set, on both engines: a signup through the real server reaches a
// real receiver as a signed `signup.created` (and `signup.confirmed`: no SMTP_URL, single
// opt-in), which the receiver verifies with standardwebhooks' own verify(). A bad WEBHOOK_URL
// beside it is reported at start and the server runs all the same.
import { tinySite } from "../../../../test/tiny-site"
import { serveProduction, type ProductionServer } from "../../../../tools/dev/serve"
import { startWebhookReceiver, testWebhookSecret, type WebhookReceiver } from "../../../../tools/dev/webhook-receiver"
import { serverEngines } from "../../../../test/store-engines"

jest.setTimeout(90_000)

describe.each(serverEngines)("webhooks from serve:prod with %s", (name, storage) => {
  let server: ProductionServer | null = null
  let receiver: WebhookReceiver | null = null
  afterEach(async () => {
    await server?.stop("SIGTERM")
    await receiver?.stop()
  })

  it("sends a verified signup.created for a signup, and reports a refused WEBHOOK_URL without stopping", async () => {
    const secret = testWebhookSecret()
    receiver = await startWebhookReceiver(secret)
    server = await serveProduction({
      ...(await storage()),
      PUBLIC_DIR: tinySite(),
      WEBHOOK_URL: `${receiver.url}, ftp://nowhere.example/hooks`,
      WEBHOOK_SECRET: secret,
      WEBHOOK_ALLOW_PRIVATE: "1",
    })
    const email = `hooked-${name.toLowerCase()}@example.com`
    const response = await fetch(`${server.baseUrl}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, source: "website_signup", timestamp: new Date().toISOString() }),
    })
    expect(response.status).toBe(201)
    const created = await receiver.waitFor((delivery) => delivery.body.type === "signup.created")
    expect(created).toMatchObject({ verified: true, body: { data: { id: "sig_1", email, status: "confirmed", source: "website_signup" } } })
    expect(created.id).toMatch(/^evt_/)
    await expect(receiver.waitFor((delivery) => delivery.body.type === "signup.confirmed")).resolves.toMatchObject({
      verified: true,
      body: { data: { position: 1, total: 1 } },
    })
    expect(server.output()).toContain("settings: WEBHOOK_URL ftp://nowhere.example/hooks is not https")
    expect(server.output()).toContain(`signed webhooks to ${receiver.url}`)
  })
})
