// The privacy page promises only what the service does. Each promise about leaving the list is
// quoted from content/pages/privacy.json and checked against the real service, with a real SMTP
// server receiving the mail, over both stores (who else handles an address: privacy-others.test.ts).
import { hash } from "node:crypto"
import { existsSync, mkdtempSync, readFileSync } from "node:fs"
import { DatabaseSync } from "node:sqlite"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import emails from "../../../../content/emails.json"
import type { SignupFields } from "../../../signup/schema"
import { freshDatabase } from "../../../../test/postgres"
import { startInbox, type Inbox } from "../../../../tools/dev/smtp-inbox"
import { mailedServiceEachTest, signupFields, SITE_URL } from "../../../../test/mail-service"
import { openEmbeddedStore, openPostgresStore } from "../../store/open-store"
import { allRows } from "../../store/store"
import { emailKey } from "../email-key"
import { suppressionKey } from "../../keys/suppression-key"
import { hashToken } from "../../keys/codes"
import { readRetention } from "../../settings/settings"
import { NETWORK_FINGERPRINT_DAYS, PENDING_SIGNUP_MAX_DAYS } from "../../../signup/retention"
import { linkSecret } from "../../../../test/link-secret"
import { paragraphs, promise } from "../../../../test/privacy-page"
import { UNSUBSCRIBE_LINK_DAYS } from "../../../signup/link-lifetimes"

const START = new Date("2026-11-22T12:00:00.000Z")
/** The list's pepper in these tests (LIST_PEPPER's part). */
const PEPPER = "privacy-test-pepper-of-at-least-thirty-two-characters"
const HOUR = 3_600_000

let inbox: Inbox
beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(() => inbox.close())

const fields = (email: string): SignupFields => signupFields(email, START)

/** Every row of every table, as text: what anyone with a copy of the database could read. */
interface Probe {
  dump(): Promise<string>
  /** The database's files on disk, where the test can read them (the embedded store). */
  files(): string[]
  /** Each signup's network fingerprint, in signup order (null once deleted). */
  networks(): Promise<Array<string | null>>
}

describe.each([
  [
    "SQLite",
    async () => {
      const file = join(mkdtempSync(join(tmpdir(), "block94-privacy-")), "signups.db")
      const probe: Probe = {
        async dump() {
          const db = new DatabaseSync(file, { readOnly: true })
          try {
            const tables = db
              .prepare("select name from sqlite_master where type = 'table'")
              .all()
              .map((row) => String(row.name))
            return tables.map((table) => JSON.stringify(db.prepare(`select * from "${table}"`).all())).join("\n")
          } finally {
            db.close()
          }
        },
        files: () => [file, `${file}-wal`].filter((path) => existsSync(path)),
        async networks() {
          const db = new DatabaseSync(file, { readOnly: true })
          try {
            return db
              .prepare("select network from signups order by id")
              .all()
              .map((row) => (row.network === null ? null : String(row.network)))
          } finally {
            db.close()
          }
        },
      }
      return { store: openEmbeddedStore(file, 10, { pepper: PEPPER }), probe }
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const url = await freshDatabase()
      const probe: Probe = {
        async dump() {
          const client = new pg.Client({ connectionString: url })
          await client.connect()
          try {
            const { rows } = await client.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public'")
            const texts = await Promise.all(
              rows.map(async ({ table_name }) => (await client.query(`select t::text as row from "${table_name}" t`)).rows.map((row) => String(row.row))),
            )
            return texts.flat().join("\n")
          } finally {
            await client.end()
          }
        },
        files: () => [],
        async networks() {
          const client = new pg.Client({ connectionString: url })
          await client.connect()
          try {
            return (await client.query<{ network: string | null }>("select network from signups order by id")).rows.map((row) => row.network)
          } finally {
            await client.end()
          }
        },
      }
      return { store: openPostgresStore({ connectionString: url, poolSize: 3 }, 10, { pepper: PEPPER }), probe }
    },
  ],
])("the privacy page's promises, with %s", (_name, open) => {
  let clock = START
  const at = (date: Date): Date => (clock = date)
  beforeEach(() => at(START))
  const mailed = mailedServiceEachTest(
    () => inbox,
    open,
    () => clock,
  )

  /** Waits until `count` messages are in the inbox, every one delivered and recorded. */
  const delivered = async (count: number) => {
    for (let waited = 0; inbox.messages.length < count; waited += 20) {
      if (waited > 5_000) throw new Error(`${inbox.messages.length} of ${count} emails arrived`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await mailed.sender.deliverDue()
    return inbox.messages.slice(0, count)
  }
  const tokenIn = (text: string | undefined, path: string): string => {
    const match = new RegExp(`${SITE_URL}${path}#token=([A-Za-z0-9_-]{43})`).exec(text ?? "")
    if (!match) throw new Error(`no ${path} link in:\n${text}`)
    return match[1]
  }
  const confirmFrom = async (address: string) => {
    const mail = inbox.messages.find((message) => message.to && JSON.stringify(message.to).includes(address)) ?? (await inbox.waitFor(address))
    const confirmed = await mailed.service.confirm(tokenIn(mail.text, "/confirm/"), clock)
    if (confirmed.kind !== "confirmed") throw new Error(`${address} not confirmed`)
    return confirmed
  }

  it(`keeps "${"a scrambled fingerprint of the network you signed up from"}": never the address, deleted ${NETWORK_FINGERPRINT_DAYS} days after the signup or the last friend through the link`, async () => {
    const words = promise("a scrambled fingerprint of the network you signed up from")
    expect(words).toContain(
      "We delete it {networkDays} days after you sign up, or {networkDays} days after the last friend joined with your link, whichever is later",
    )
    const DAY = 24 * HOUR
    const day = (n: number) => new Date(START.getTime() + n * DAY)
    const first = await mailed.service.join(fields("first@example.com"), START, "198.51.100.0/24")
    await mailed.service.join(fields("second@example.com"), new Date(START.getTime() + HOUR), "203.0.113.0/24")
    const [firstKept, second] = await mailed.probe.networks()
    expect(firstKept).toEqual(expect.any(String))
    expect(second).toEqual(expect.any(String))
    const dump = await mailed.probe.dump()
    expect(dump).not.toContain("198.51.100")
    expect(dump).not.toContain("203.0.113")
    // A friend joins with the second's link on day 20: the second's fingerprint is kept 30 days from then.
    const secondCode = (await mailed.store.findSignup("second@example.com"))?.referralCode
    await mailed.service.join({ ...fields("friend@example.com"), referralCode: secondCode }, day(20), "192.0.2.0/24")
    expect(first.kind).toBe("pending")
    // The sweep serve:prod runs hourly, just past 30 days: the first goes, the second stays.
    expect(await mailed.store.forgetOldNetworks(new Date(day(NETWORK_FINGERPRINT_DAYS).getTime() + HOUR))).toBe(1)
    expect((await mailed.probe.networks()).map((network) => network !== null)).toEqual([false, true, true])
    // Every signup deletes those past their time as well.
    await mailed.service.join(fields("third@example.com"), new Date(day(20 + NETWORK_FINGERPRINT_DAYS).getTime() + HOUR), "192.0.3.0/24")
    expect((await mailed.probe.networks()).map((network) => network !== null)).toEqual([false, false, false, true])
  })

  it(`keeps "${"The unsubscribe link in an email works for {unsubscribeLinkDays} days"}": after that it erases no one, and the way out stays open`, async () => {
    expect(promise("The unsubscribe link in an email works for {unsubscribeLinkDays} days after we send it")).toContain(
      "you can always reply to an email instead",
    )
    await mailed.service.join(fields("kept@example.com"), at(START))
    await mailed.service.join(fields("leaving@example.com"), at(START))
    const mails = await delivered(2)
    const linkOf = (address: string) => tokenIn(mails.find((mail) => JSON.stringify(mail.to).includes(address))?.text, "/unsubscribe/")
    const DAY = 24 * HOUR
    const lastMoment = new Date(START.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY - 60_000)
    await expect(mailed.service.unsubscribe(linkOf("leaving@example.com"), lastMoment)).resolves.toEqual({ kind: "left" })
    const tooLate = new Date(START.getTime() + UNSUBSCRIBE_LINK_DAYS * DAY + 60_000)
    await expect(mailed.service.unsubscribe(linkOf("kept@example.com"), tooLate)).resolves.toEqual({ kind: "expired" })
    expect(await mailed.store.findSignup("kept@example.com")).not.toBeNull()
    // The email's List-Unsubscribe header names the mailto too, which never expires.
    expect(JSON.stringify(mails[0].headerLines)).toContain("mailto:hello@block94.example?subject=unsubscribe")
  })

  it(`keeps "${"we compare the email domains of the friends who join with one link"}": common providers never count, and nobody is told`, async () => {
    const words = promise("we compare the email domains of the friends who join with one link")
    expect(words).toContain("Big email providers like gmail.com never count as unusual. Nobody is told")
    await mailed.service.join(fields("me@my-own-domain.test"), START, "198.51.100.0/24")
    await delivered(1)
    await confirmFrom("me@my-own-domain.test")
    const code = (await mailed.store.findSignup("me@my-own-domain.test"))?.referralCode
    const friends = ["pal@gmail.com", "mate@gmail.com", "alias@my-own-domain.test"]
    const answers = []
    for (const [i, email] of friends.entries())
      answers.push(await mailed.service.join({ ...fields(email), referralCode: code }, at(new Date(START.getTime() + (i + 1) * HOUR)), `10.9.${i}.0/24`))
    // Every friend gets the same answer: nothing says one was held.
    expect(answers.map((joined) => joined.kind)).toEqual(["pending", "pending", "pending"])
    await delivered(4)
    for (const email of friends) await confirmFrom(email)
    const { heldReferrals } = await mailed.store.ownerSummary(clock, { days: 3, limit: 10 })
    expect(heldReferrals.rows.map((row) => [row.email, row.reason])).toEqual([["alias@my-own-domain.test", "shared_domain"]])
  })

  it(`keeps "${"Every email we send has an unsubscribe link"}": in the footer and in one-click headers, and it takes the person off the list`, async () => {
    expect(promise("Every email we send has an unsubscribe link")).toBeTruthy()
    // Every kind of email the mailed.service sends: a confirmation, a status link to a repeat signup,
    // a second confirmation asked for with "didn't get the email?".
    await mailed.service.join(fields("fan@example.com"), at(START))
    await mailed.service.join(fields("slow@example.com"), at(START))
    await delivered(2)
    await confirmFrom("fan@example.com")
    await mailed.service.join(fields("FAN@example.com"), at(new Date(START.getTime() + HOUR)))
    await mailed.service.resend("slow@example.com", at(new Date(START.getTime() + HOUR)))
    const mails = await delivered(4)
    expect(new Set(mails.map((mail) => mail.subject))).toEqual(
      new Set([emails.confirmation.subject, emails.statusLink.subject].map((subject) => subject.replace("{brand}", "Block 94"))),
    )

    for (const mail of mails) {
      const header = (name: string) => mail.headerLines.find(({ key }) => key === name)?.line.replace(/\r\n[ \t]+/g, " ")
      const token = tokenIn(mail.text, "/unsubscribe/")
      expect(mail.text).toContain(`${emails.unsubscribe.link}: ${SITE_URL}/unsubscribe/#token=${token}`)
      expect(mail.html).toContain(`href="${SITE_URL}/unsubscribe/#token=${token}"`)
      expect(header("list-unsubscribe")).toBe(
        `List-Unsubscribe: <${SITE_URL}/api/unsubscribe?token=${token}>, <mailto:hello@block94.example?subject=unsubscribe>`,
      )
      expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click")
    }
    // Each email's link is its own; any of them takes its person off the list, once and for good.
    const tokens = mails.map((mail) => tokenIn(mail.text, "/unsubscribe/"))
    expect(new Set(tokens).size).toBe(tokens.length)
    const fanMails = mails.filter((mail) => JSON.stringify(mail.to).includes("fan@example.com"))
    await expect(mailed.service.unsubscribe(tokenIn(fanMails[1].text, "/unsubscribe/"), clock)).resolves.toEqual({ kind: "left" })
    await expect(mailed.service.unsubscribe(tokenIn(fanMails[0].text, "/unsubscribe/"), clock)).resolves.toEqual({ kind: "left" })
    await expect(mailed.service.status(tokenIn(fanMails[1].text, "/waitlist/"), clock)).resolves.toEqual({ kind: "unknown" })
    expect((await mailed.probe.dump()).toLowerCase()).not.toContain("fan@example.com")
  })

  it(`keeps "${"If you leave the list, we delete it at once"}", with only a one-way key that no old link or import gets past`, async () => {
    const words = promise("If you leave the list, we delete it at once")
    expect(words).toContain("one-way key")
    expect(paragraphs.join(" ")).not.toContain("30 days")
    const address = "Promise.Keeper+drops@Example.com"
    for (const email of ["a@example.com", address, "z@example.com"]) await mailed.service.join(fields(email), at(START))
    await delivered(3)
    const first = await confirmFrom("a@example.com")
    const keeper = await confirmFrom(address)
    await confirmFrom("z@example.com")
    const oldConfirmation = tokenIn(inbox.messages.find((mail) => JSON.stringify(mail.to).includes("Promise.Keeper"))?.text, "/confirm/")
    const keeperStatus = linkSecret(keeper.statusUrl) as string
    const traces = [address, address.toLowerCase(), emailKey(address)]
    expect(traces.some((trace) => probeHolds(trace))).toBe(mailed.probe.files().length > 0)
    expect((await mailed.probe.dump()).toLowerCase()).toContain(emailKey(address))

    // Leaving from the status page: gone at once from every table, and (SQLite) from every file
    // once the log is emptied, off the request path.
    await expect(mailed.service.leave(keeperStatus, clock)).resolves.toEqual({ kind: "left" })
    await mailed.store.purged()
    const dump = await mailed.probe.dump()
    for (const trace of traces) {
      expect(dump.toLowerCase()).not.toContain(trace.toLowerCase())
      expect(probeHolds(trace)).toBe(false)
    }
    // All that is kept: the one-way key, which is not the address, and which nobody without the
    // pepper (kept apart from the database) can match by hashing candidate addresses.
    expect(words).toContain("made from the address with a secret kept apart from the list")
    expect(dump).toContain(suppressionKey(PEPPER, emailKey(address)))
    for (const candidate of traces) expect(dump).not.toContain(hash("sha256", candidate.toLowerCase(), "hex"))
    await expect(mailed.service.status(linkSecret(first.statusUrl), clock)).resolves.toMatchObject({ kind: "found", position: 1, total: 2 })

    // No old link brings them back: the status link and the confirmation link are dead, and
    // their referral link counts for no one.
    await expect(mailed.service.status(keeperStatus, clock)).resolves.toEqual({ kind: "unknown" })
    await expect(mailed.service.confirm(oldConfirmation, clock)).resolves.toEqual({ kind: "unknown" })
    inbox.messages.splice(0)
    await mailed.service.join({ ...fields("friend@example.com"), referralCode: keeper.referralCode }, clock)
    await delivered(1)
    await confirmFrom("friend@example.com")
    expect((await allRows(mailed.store)).map((row) => [row.signup.email, row.referredBy, row.referrals])).toEqual([
      ["a@example.com", null, 0],
      ["z@example.com", null, 0],
      ["friend@example.com", null, 0],
    ])
    // Nor an import of an old list.
    await expect(
      mailed.store.add({
        email: address,
        emailKey: emailKey(address),
        source: "import",
        timestamp: START.toISOString(),
        receivedAt: START.toISOString(),
        status: "confirmed",
        referralCode: "IMPORTED00",
        referredBy: null,
        statusTokenHash: "imported",
        confirmToken: null,
        attribution: null,
        consent: null,
        mail: null,
      }),
    ).resolves.toEqual({ kind: "suppressed" })
    expect((await mailed.probe.dump()).toLowerCase()).not.toContain(emailKey(address))

    // Signing up again yourself: a fresh start at the back of the line.
    inbox.messages.splice(0)
    await expect(mailed.service.join(fields(address), at(new Date(clock.getTime() + HOUR)))).resolves.toEqual({ kind: "pending" })
    await delivered(1)
    await expect(confirmFrom(address)).resolves.toMatchObject({ position: 4, total: 4 })
  })

  it(`keeps "${"If an address is never confirmed"}": deleted ${PENDING_SIGNUP_MAX_DAYS} days after it was entered, with its links; used links go later`, async () => {
    const words = promise("If an address is never confirmed")
    expect(words).toContain("we delete it, with everything we noted with it, {pendingDays} days after it was entered")
    const retention = readRetention(undefined)
    expect(retention.pendingMs).toBe(PENDING_SIGNUP_MAX_DAYS * 24 * HOUR)
    await mailed.service.join(fields("typed.in.by.someone@example.com"), at(START))
    await mailed.service.join(fields("real@example.com"), START)
    await delivered(2)
    const strangerMail = inbox.messages.find((mail) => JSON.stringify(mail.to).includes("typed.in.by.someone"))
    const strangerConfirmation = tokenIn(strangerMail?.text, "/confirm/")
    const realMail = inbox.messages.find((mail) => JSON.stringify(mail.to).includes("real@"))
    const realConfirmation = tokenIn(realMail?.text, "/confirm/")
    await confirmFrom("real@example.com")

    // A minute short of the time: nothing goes.
    const day = 24 * HOUR
    await expect(mailed.store.purgeStale(at(new Date(START.getTime() + PENDING_SIGNUP_MAX_DAYS * day - 60_000)), retention)).resolves.toMatchObject({
      pending: 0,
    })
    expect((await mailed.probe.dump()).toLowerCase()).toContain("typed.in.by.someone")

    // On time: the address, its key, its links and its mail are gone, from every file.
    await expect(mailed.store.purgeStale(at(new Date(START.getTime() + PENDING_SIGNUP_MAX_DAYS * day)), retention)).resolves.toMatchObject({ pending: 1 })
    await mailed.store.purged()
    const dump = (await mailed.probe.dump()).toLowerCase()
    for (const trace of ["typed.in.by.someone@example.com", emailKey("typed.in.by.someone@example.com")]) {
      expect(dump).not.toContain(trace)
      expect(probeHolds(trace)).toBe(false)
    }
    expect(dump).not.toContain(hashToken(strangerConfirmation).toLowerCase())
    await expect(mailed.service.confirm(strangerConfirmation, clock)).resolves.toEqual({ kind: "unknown" })
    // The confirmed person stays, first in line, and the owner's counts forget the other.
    expect((await allRows(mailed.store)).map((row) => [row.signup.email, row.place?.position])).toEqual([["real@example.com", 1]])
    const summary = await mailed.store.ownerSummary(clock, { days: 30, limit: 10 })
    expect(summary).toMatchObject({ confirmed: 1, pending: 0, left: 0 })
    expect(summary.perDay.reduce((sum, day) => sum + day.signups, 0)).toBe(1)

    // A used link still says so for a while, then its record goes too.
    expect(dump).toContain(hashToken(realConfirmation).toLowerCase())
    await expect(mailed.store.purgeStale(at(new Date(START.getTime() + 32 * day)), retention)).resolves.toMatchObject({ tokens: 1 })
    expect((await mailed.probe.dump()).toLowerCase()).not.toContain(hashToken(realConfirmation).toLowerCase())
  })

  /** Whether any of the database's files holds `text` (always false for PostgreSQL's, which the test cannot read). */
  const probeHolds = (text: string): boolean => mailed.probe.files().some((path) => readFileSync(path).includes(Buffer.from(text, "utf8")))
})
