// The bench's links with real tokens: read from the confirmation email as the site writes it,
// a fresh signup for every confirmation page, one confirmed signup for the status page.
import type { ParsedMail } from "mailparser"
import emails from "../../../content/emails.json"
import { confirmationEmail } from "../../../src/server/outbox/mail/emails"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createSignupService } from "../../../src/server/waitlist/service"
import { openEmbeddedStore } from "../../../src/server/store/open-store"
import { startInbox, type Inbox } from "../../dev/smtp-inbox"
import { CONFIRM_TOKEN, invitePath, makeTokenLinks } from "../token-links"
import { siteLinks } from "../../../src/server/waitlist/links"

const TOKEN = "QmxvY2s5NC1jb25maXJtLXRva2VuLWZvci10ZXN0cy4u"
const STATUS = "c3RhdHVzLXRva2VuLWZvci10aGUtYmVuY2gtdGVzdHMu"

describe("the bench's token links", () => {
  const originalFetch = global.fetch
  afterEach(() => {
    global.fetch = originalFetch
  })

  it("finds the confirmation link's token in the email the site sends", () => {
    const mail = confirmationEmail("fan@example.com", siteLinks("https://block94.example").confirm(TOKEN), null, emails, {
      brand: "Block 94",
      siteUrl: "https://block94.example",
      generalEmail: "hello@block94.example",
    })
    expect(CONFIRM_TOKEN.exec(mail.text)?.[1]).toBe(TOKEN)
  })

  it("confirms one signup for the status page and signs up afresh for each confirmation page", async () => {
    const signups: string[] = []
    const confirmed: string[] = []
    global.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { email?: string; token?: string }
      if (String(url).endsWith("/api/signup")) {
        signups.push(String(body.email))
        return new Response(JSON.stringify({ ok: true, status: "pending" }), { status: 201 })
      }
      confirmed.push(String(body.token))
      return new Response(JSON.stringify({ ok: true, status: "confirmed", statusUrl: `https://block94.example/waitlist/#token=${STATUS}` }), { status: 200 })
    }) as typeof fetch
    const inbox = {
      waitFor: async (address: string) =>
        ({ text: `Confirm my spot: https://block94.example/confirm/#token=${TOKEN}${signups.indexOf(address)}` }) as ParsedMail,
    } as unknown as Inbox

    const links = await makeTokenLinks("http://127.0.0.1:9400", inbox)
    expect(links.statusPath).toBe(`/waitlist/#token=${STATUS}`)
    expect(links.confirmedEmail).toBe(signups[0])
    expect(confirmed).toEqual([`${TOKEN}0`])
    expect(await links.confirmPath()).toBe(`/confirm/#token=${TOKEN}1`)
    expect(await links.confirmPath()).toBe(`/confirm/#token=${TOKEN}2`)
    expect(new Set(signups).size).toBe(3)
  })

  it("says so when the served site confirms signups at once (no mail set up)", async () => {
    global.fetch = jest.fn(async () => new Response(JSON.stringify({ ok: true, status: "confirmed" }), { status: 201 })) as typeof fetch
    await expect(makeTokenLinks("http://127.0.0.1:9400", {} as Inbox)).rejects.toThrow(/not a pending signup awaiting its email/)
  })

  it("invites the confirmed signup from the site's own store and reads the invitation's link from the real email", async () => {
    const signupsFile = join(mkdtempSync(join(tmpdir(), "block94-bench-invite-")), "signups.db")
    const store = openEmbeddedStore(signupsFile, 10)
    const joined = await createSignupService({ store, mail: null, settings: { siteUrl: "https://block94.example", referralBoost: 10 } }).join(
      { email: "bench-invited@example.com", source: "website_signup", timestamp: new Date().toISOString() },
      new Date(),
    )
    expect(joined.kind).toBe("confirmed")
    await store.close()
    const inbox = await startInbox()
    try {
      const path = await invitePath(signupsFile, inbox, "bench-invited@example.com")
      expect(path).toMatch(/^\/invite\/#code=[A-Za-z0-9_-]{43}$/)
      expect(inbox.messages).toHaveLength(1)
      // Inviting again finds them invited already: the bench would say so rather than measure an old link.
      await expect(invitePath(signupsFile, inbox, "bench-invited@example.com")).rejects.toThrow(/alreadyInvited/)
    } finally {
      await inbox.close()
    }
  })
})
