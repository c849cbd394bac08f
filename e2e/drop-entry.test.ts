// A drop from the owner's commitment to a redeemed winning code, end to end, against the
// production server on each store (SQLite, and a real PostgreSQL), with a real SMTP server
// catching the mail, the bot check enforced, and a local beacon stand-in as the chain's relay (no
// request leaves the machine). The server runs with a drops file of its own (DROPS_FILE): the
// content's drop with its own window, and its commitment once the owner makes it, as a deploy
// would carry it; the built pages keep the content's window, and Playwright's clock puts each page
// at the same point of the content's window as the server is of its (the drop page's data is
// served as a build with the drops file would have it, for its check). The server's clock is moved
// as the window goes on (test/clock-offset.ts), restarting it on the same store, so no test waits.
//
// A person signs up and confirms from the email; the owner commits and the commitment is
// deployed; the person opens the status page once entries are open, enters with a size from the
// keyboard alone, changes it, and gets an email each time; nothing moves when the status answer
// arrives; axe is clean at 390 and 1280 px. Entries freeze at the close; the owner runs the draw
// from the owner's page, which first waits for the beacon's round; the person's status page says
// they won and finds their entry in the published list; the drop page's own verifier finds the
// draw checks out; the code in the winner's email opens the invitation page on the piece it is
// for, and the shop redeems it once. The owner's funnel counts the signup, its confirmation, the
// entry and the redemption once each, on its first screen as in its answer.
//
// The owner's Drops section on its own (both sizes): the seed committed from the keyboard, shown
// once with its download, never again after a reload, its hash published, and what to put into
// the site said until the site carries it.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Page } from "@playwright/test"
import drops from "../content/drops.json"
import invitePage from "../content/pages/invite.json"
import dropPage from "../content/pages/drop.json"
import owner from "../content/pages/owner.json"
import waitlistPage from "../content/pages/waitlist.json"
import { roundTime, type BeaconChain } from "../src/drop/beacon"
import type { DropCommitment } from "../src/drop/commitment"
import type { FunnelAnswer, StepCounts } from "../src/signup/funnel"
import { seedHash } from "../src/drop/draw"
import { freshDatabase } from "../test/postgres"
import { startPostgresProcess, type PostgresProcess } from "../tools/dev/postgres-process"
import { startInbox, type Inbox } from "../tools/dev/smtp-inbox"
import { freePort, serveProduction, type ProductionServer } from "../tools/dev/serve"
import { startBeaconStandIn, type BeaconStandIn } from "../tools/dev/beacon-stand-in"
import { routeBuiltDrops } from "../tools/dev/built-drops"
import { writeCommitment } from "../tools/cli/drop-content"
import { axeViolations, expect, joinOnHome, layoutShifts, linkIn, mailTo, test, waitUntilHydrated, watchLayoutShifts } from "./fixtures"
import { LAPTOP_ONLY } from "./site"
import { linkSecret } from "../test/link-secret"

const copy = waitlistPage.drop
const [DROP] = drops.drops
const SECRET = "drop-entry-e2e-owner-secret-0123456789"
const INVITE_API_TOKEN = "drop-entry-e2e-shop-secret-0123456789"
const HOUR = 60 * 60 * 1000
const BOT_CHECK = { ALTCHA_MODE: "enforce", ALTCHA_HMAC_KEY: "e2e-drop-entry-bot-check-key-0123456789" }
const PHONE_VIEW = { width: 390, height: 844 }
const LAPTOP_VIEW = { width: 1280, height: 800 }
/** Instants inside the content's window and after its draw, for the pages' clocks. */
const CONTENT_OPEN = new Date(Date.parse(DROP.opensAt) + 60 * 60 * 1000)
const CONTENT_DRAWN = new Date(Date.parse(DROP.resultsAt) + 60 * 60 * 1000)

/** Axe at phone and laptop width, back at laptop width after. */
const axeAtBothSizes = async (page: Page) => {
  for (const viewport of [PHONE_VIEW, LAPTOP_VIEW]) {
    await page.setViewportSize(viewport)
    expect(await axeViolations(page), `axe at ${viewport.width} px`).toEqual([])
  }
}

type Window = { opensAt: Date; closesAt: Date; resultsAt: Date }

/** The content's drops with drop-01's window moved (ISO instants) and `beacon` as the chain, as DROPS_FILE takes them. */
const movedDrops = (window: Window, beacon: BeaconChain) => ({
  ...drops,
  beacon,
  drops: [{ ...DROP, opensAt: window.opensAt.toISOString(), closesAt: window.closesAt.toISOString(), resultsAt: window.resultsAt.toISOString() }],
})

/** Writes those drops to a file, for DROPS_FILE. */
const dropsFile = (dir: string, window: Window, beacon: BeaconChain = drops.beacon as BeaconChain): string => {
  const file = join(dir, "drops.json")
  writeFileSync(file, `${JSON.stringify(movedDrops(window, beacon), null, 2)}\n`)
  return file
}

/** The focused element: its tag, type, value, text and accessible label. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    return {
      tag: element?.tagName.toLowerCase() ?? "",
      type: element?.getAttribute("type") ?? "",
      value: element instanceof HTMLInputElement ? element.value : "",
      text: element?.textContent?.trim() ?? "",
      label: element instanceof HTMLInputElement ? (element.labels?.[0]?.textContent?.trim() ?? "") : (element?.getAttribute("aria-label") ?? ""),
    }
  })

/** Presses Tab until `wanted` holds of the focused element; fails when it never does. */
const tabUntil = async (page: Page, wanted: (now: Awaited<ReturnType<typeof focused>>) => boolean, what: string) => {
  for (let step = 0; step < 100; step += 1) {
    await page.keyboard.press("Tab")
    if (wanted(await focused(page))) return
  }
  throw new Error(`Tab never reached ${what}`)
}

const signIn = async (page: Page, siteUrl: string) => {
  await page.goto(`${siteUrl}/owner/`)
  await waitUntilHydrated(page)
  await page.getByLabel(owner.signIn.label).fill(SECRET)
  await page.getByRole("button", { name: owner.signIn.button }).click()
  await expect(page.getByRole("heading", { level: 2, name: owner.drops.heading })).toBeVisible()
}

const ownerDrop = (page: Page) => page.getByRole("article", { name: DROP.name })
/** The stage a drop's card shows. */
const stage = (page: Page, phase: keyof typeof owner.drops.phases) => expect(ownerDrop(page).locator("[data-phase]")).toHaveAttribute("data-phase", phase)

for (const storeName of ["SQLite", "PostgreSQL"] as const) {
  test.describe(`a drop from commitment to a redeemed code, with ${storeName}`, LAPTOP_ONLY, () => {
    test.describe.configure({ mode: "serial", timeout: 300_000 })
    test.use({ reducedMotion: "reduce" })
    let inbox: Inbox
    let relay: BeaconStandIn
    let postgres: PostgresProcess | null = null
    let server: ProductionServer
    let siteUrl: string
    let port: number
    let dir: string
    let storage: Record<string, string>
    let file: string
    /** The drop's own window, a few hours from now; the server's clock is moved along it. */
    const start = Date.now()
    const window: Window = { opensAt: new Date(start + HOUR), closesAt: new Date(start + 2 * HOUR), resultsAt: new Date(start + 3 * HOUR) }
    /** How far the server's (and the relay's) clock is ahead of the real one. */
    let offset = 0

    /** (Re)starts the server on the same store and address with its clock at `at`. */
    const serveAt = async (at: Date) => {
      await server?.stop()
      offset = at.getTime() - Date.now()
      server = await serveProduction(
        {
          ...storage,
          DROPS_FILE: file,
          OWNER_TOKEN: SECRET,
          INVITE_API_TOKEN,
          SMTP_URL: inbox.url,
          MAIL_FROM: "Block 94 <drop@block94.example>",
          SITE_URL: siteUrl,
          ...BOT_CHECK,
        },
        { port, clockOffsetMs: offset },
      )
    }

    test.beforeAll(async () => {
      inbox = await startInbox()
      // A chain of one-minute rounds with one due right at the close: the draw's round comes a minute after it.
      relay = await startBeaconStandIn({ now: () => Date.now() + offset, genesis: Math.floor(window.closesAt.getTime() / 1000) - 1000 * 60, period: 60 })
      port = await freePort()
      siteUrl = `http://127.0.0.1:${port}`
      dir = mkdtempSync(join(tmpdir(), "block94-drop-entry-"))
      file = dropsFile(dir, window, relay.chain)
      if (storeName === "PostgreSQL") {
        postgres = await startPostgresProcess()
        storage = { DATABASE_URL: await freshDatabase(postgres.url), DROP_SEED_DIR: join(dir, "seeds") }
      } else {
        storage = { SIGNUPS_FILE: join(dir, "signups.db") }
      }
      await serveAt(new Date(start))
    })

    test.afterAll(async () => {
      await server?.stop()
      await postgres?.stop()
      await relay?.stop()
      await inbox?.close()
    })

    /** The server's record of the drop is in `phase`. */
    /** The owner's funnel, every step counted since the list began. */
    const funnelTotal = async (): Promise<StepCounts> => {
      const answer = await fetch(`${siteUrl}/api/owner/funnel`, { headers: { authorization: `Bearer ${SECRET}` } })
      expect(answer.status).toBe(200)
      return ((await answer.json()) as FunnelAnswer).total
    }
    const phaseIs = async (phase: string) =>
      expect(((await (await fetch(`${siteUrl}/api/drop?drop=${DROP.id}`)).json()) as { phase: string }).phase).toBe(phase)

    test("a confirmed person enters from the keyboard, changes the size, gets the emails; the owner draws; they won, checked and redeemed", async ({
      page,
    }) => {
      const email = `drop.fan.${storeName.toLowerCase()}@example.com`
      await page.setViewportSize(LAPTOP_VIEW)

      // Signs up on Home (the browser solving the bot check) and confirms from the email.
      await joinOnHome(page, siteUrl, email)
      const [confirmMail] = await mailTo(inbox, email, /^Confirm your spot/)
      const confirmed = page.waitForResponse((response) => response.url().endsWith("/api/confirm"))
      await page.goto(linkIn(confirmMail, "/confirm/"))
      const statusUrl = String(((await (await confirmed).json()) as { statusUrl: string }).statusUrl)

      // The owner commits (the drop's announcement) and the site is deployed with the commitment in its content.
      const committed = await fetch(`${siteUrl}/api/owner/drops`, {
        method: "POST",
        headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" },
        body: JSON.stringify({ action: "commit", drop: DROP.id }),
      })
      expect(committed.status).toBe(200)
      const commitment = ((await committed.json()) as { commitment: DropCommitment }).commitment
      expect(writeCommitment(file, DROP.id, commitment)).toBe("written")

      // Entries open (the server restarted a minute into the window); the page's clock is as far into the content's window.
      // The tab leaves the site while the server restarts: a visitor never sees that, and a page left open would
      // fetch from it (Gatsby prefetches the pages its links lead to when the browser is idle) and log the refusals.
      await page.goto("about:blank")
      await serveAt(new Date(window.opensAt.getTime() + 60_000))
      await phaseIs("open")
      await page.clock.setFixedTime(CONTENT_OPEN)
      await watchLayoutShifts(page)
      await page.goto(statusUrl)
      await waitUntilHydrated(page)
      const drop = page.getByRole("region", { name: DROP.name })
      await expect(drop.getByRole("group", { name: copy.sizes })).toBeVisible()
      await expect(drop.getByRole("button", { name: copy.enter })).toBeVisible()
      await expect(drop.getByText(`You must be ${drops.minimumAge} or older to enter.`)).toBeVisible()
      await expect(drop.getByRole("link", { name: copy.rulesLink })).toHaveAttribute("href", `/drop/#${DROP.id}`)
      // Nothing moved when the answer came in.
      expect((await layoutShifts(page)).moved).toEqual([])
      await axeAtBothSizes(page)

      // From the keyboard alone: Tab to the sizes, an arrow to M, Tab to the button, Enter.
      await page.locator("body").click({ position: { x: 1, y: 1 } })
      await tabUntil(page, (now) => now.type === "radio", "the sizes")
      expect(await focused(page)).toMatchObject({ value: "hoodie/S", label: "S" })
      await page.keyboard.press("ArrowRight")
      expect(await focused(page)).toMatchObject({ value: "hoodie/M" })
      await expect(drop.getByRole("radio", { name: "M" })).toBeChecked()
      await page.keyboard.press("Tab")
      expect((await focused(page)).text).toBe(copy.enter)
      const entered = page.waitForResponse((response) => response.url().endsWith("/api/drop/enter"))
      await page.keyboard.press("Enter")
      expect((await entered).status()).toBe(200)
      await expect(drop.getByRole("status")).toHaveText(`You're in the draw for Block Heavyweight Hoodie, M. We've emailed you to say so.`)
      await expect(drop.getByText("Your entry: Block Heavyweight Hoodie, M")).toBeVisible()
      expect((await focused(page)).text).toBe(copy.change)
      const [enteredMail] = await mailTo(inbox, email, /^You're in the draw for /)
      expect(enteredMail.subject).toBe(`You're in the draw for ${DROP.name}`)
      expect(enteredMail.text).toContain("Block Heavyweight Hoodie, M")

      // Changes the size: back to the sizes, an arrow to L, Tab and Enter.
      await page.keyboard.press("Shift+Tab")
      expect(await focused(page)).toMatchObject({ value: "hoodie/M" })
      await page.keyboard.press("ArrowRight")
      await page.keyboard.press("Tab")
      expect((await focused(page)).text).toBe(copy.change)
      await page.keyboard.press("Enter")
      await expect(drop.getByRole("status")).toHaveText("Your size is now Block Heavyweight Hoodie, L.")
      const [, changedMail] = await mailTo(inbox, email, /^You're in the draw for /, 2)
      expect(changedMail.text).toContain("Block Heavyweight Hoodie, L")
      // The owner's funnel counted the signup, its confirmation and the entry once each: a change of size is no second entry.
      expect(await funnelTotal()).toMatchObject({ signups: 1, confirmed: 1, entered: 1, redeemed: 0 })
      // Every size is a 44 px target at least, on a phone too.
      await page.setViewportSize(PHONE_VIEW)
      for (const box of await drop.locator("label:has(input[type=radio])").evaluateAll((labels) => labels.map((label) => label.getBoundingClientRect()))) {
        expect(box.width).toBeGreaterThanOrEqual(44)
        expect(box.height).toBeGreaterThanOrEqual(44)
      }
      await axeAtBothSizes(page)

      // Read again, the page has the entry from the status answer.
      await page.reload()
      await waitUntilHydrated(page)
      await expect(drop.getByRole("radio", { name: "L", exact: true })).toBeChecked()
      await expect(drop.getByText("Your entry: Block Heavyweight Hoodie, L")).toBeVisible()
      await expect(drop.getByRole("button", { name: copy.withdraw })).toBeVisible()

      // Entries close (the server restarted a second after the close freezes them at once, before the beacon's round);
      // the owner runs the draw from the owner's page (the server kept the seed): it waits for the beacon's round.
      await page.goto("about:blank")
      await serveAt(new Date(window.closesAt.getTime() + 1_000))
      await phaseIs("closed")
      const ownerPage = await page.context().newPage()
      await signIn(ownerPage, siteUrl)
      const card = ownerDrop(ownerPage)
      await stage(ownerPage, "closed")
      await expect(card.getByRole("table", { name: owner.drops.entrants }).getByRole("row", { name: /Hoodie, L/ })).toContainText(/L\s*25\s*1$/)
      // The owner's first screen says the same, one at each step.
      for (const step of ["signups", "confirmed", "entered"]) await expect(ownerPage.locator(`[data-step='${step}']`)).toHaveAttribute("data-count", "1")
      await card.getByRole("button", { name: owner.drops.draw.button }).click()
      await card.getByRole("button", { name: owner.drops.draw.confirmStep.confirm }).click()
      await expect(card.getByRole("status")).toHaveText(/^The beacon's round comes out at .*: run the draw after that\.$/)
      await ownerPage.close()
      // Once the round is out, the draw runs with it.
      await serveAt(new Date(roundTime(relay.chain, commitment.round).getTime() + 10_000))
      const drawingPage = await page.context().newPage()
      await signIn(drawingPage, siteUrl)
      const drawCard = ownerDrop(drawingPage)
      await drawCard.getByRole("button", { name: owner.drops.draw.button }).click()
      await drawCard.getByRole("button", { name: owner.drops.draw.confirmStep.confirm }).click()
      await expect(drawCard.getByRole("status")).toHaveText("The draw is done. Winners: 1. Their codes are on their way.")
      await stage(drawingPage, "drawn")
      await expect(drawCard.locator("[data-phase]")).toHaveText(`${owner.drops.phase}: ${owner.drops.phases.drawn}`)
      await expect(drawCard.getByRole("link", { name: owner.drops.verifyLink })).toHaveAttribute("href", `/drop/#${DROP.id}`)
      expect(await axeViolations(drawingPage)).toEqual([])
      await drawingPage.close()

      // The status page says they won; the winner's email leads to the piece on the invitation page.
      await page.clock.setFixedTime(CONTENT_DRAWN)
      await page.goto(statusUrl)
      await waitUntilHydrated(page)
      await expect(drop.getByText(copy.won)).toBeVisible()
      await expect(drop.getByText("Your entry: Block Heavyweight Hoodie, L")).toBeVisible()
      await expect(drop.getByRole("radio")).toHaveCount(0)
      // The person finds their own entry in the published list, as it should be.
      await drop.getByRole("button", { name: copy.check.button }).click()
      await expect(drop.locator("[data-entry-check]")).toHaveAttribute("data-entry-check", "found")
      await expect(drop.locator("[data-entry-check]")).toContainText("Block Heavyweight Hoodie, L, 1 tickets")
      await axeAtBothSizes(page)
      // The drop page's own verifier: the list downloaded, the beacon checked, the winners recomputed in the browser,
      // all held to what the site was built with (here, the drops file with its commitment).
      const built = movedDrops(window, relay.chain)
      await routeBuiltDrops(page, { beacon: relay.chain, drops: [{ ...built.drops[0], commitment }] })
      await page.goto(`${siteUrl}/drop/#${DROP.id}`)
      await waitUntilHydrated(page)
      // How the draw is checked is folded under one heading: the curious open it.
      await page.locator("[data-check-fold] > summary").click()
      await page.getByRole("button", { name: dropPage.live.verify.button }).click()
      await expect(page.locator("[data-verdict]")).toHaveAttribute("data-verdict", "match")
      await expect(page.locator("[data-verdict]")).toHaveText(dropPage.live.verify.match)
      await axeAtBothSizes(page)

      const [wonMail] = await mailTo(inbox, email, /waiting$/)
      const wonLink = linkIn(wonMail, "/invite/", "code")
      await page.goto(wonLink)
      await waitUntilHydrated(page)
      await expect(page.getByRole("heading", { level: 2, name: `Your Block Heavyweight Hoodie, L from ${DROP.name}` })).toBeVisible()
      await expect(page.getByRole("link", { name: invitePage.drop.button })).toBeVisible()
      await axeAtBothSizes(page)

      // The shop takes the code once: with the drop and the size; a second time is refused.
      const redeem = () =>
        fetch(`${siteUrl}/api/invite/redeem`, {
          method: "POST",
          headers: { authorization: `Bearer ${INVITE_API_TOKEN}`, "content-type": "application/json" },
          body: JSON.stringify({ code: linkSecret(wonLink, "code") }),
        })
      const first = await redeem()
      expect(first.status).toBe(200)
      expect(await first.json()).toEqual({ redeemed: true, email, drop: DROP.id, size: "hoodie/L" })
      expect((await redeem()).status).toBe(409)
      // The funnel's last step: one winner redeemed.
      expect(await funnelTotal()).toMatchObject({ entered: 1, redeemed: 1 })
      // The invitation page links to the drop, whose data the browser may be prefetching through the route above.
      await page.unrouteAll({ behavior: "ignoreErrors" })
    })
  })
}

test.describe("the owner's Drops section", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 })
  test.use({ reducedMotion: "reduce" })
  let server: ProductionServer
  let siteUrl: string

  test.beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "block94-owner-drops-"))
    // A drop that opens in ten days, whenever the test runs.
    const opensAt = new Date(Date.now() + 10 * 86_400_000)
    const dropWindow = { opensAt, closesAt: new Date(opensAt.getTime() + 2 * 86_400_000), resultsAt: new Date(opensAt.getTime() + 3 * 86_400_000) }
    server = await serveProduction({ SIGNUPS_FILE: join(dir, "signups.db"), DROPS_FILE: dropsFile(dir, dropWindow), OWNER_TOKEN: SECRET, SMTP_URL: "" })
    siteUrl = server.baseUrl
  })

  test.afterAll(async () => {
    await server?.stop()
  })

  test("commits the seed from the keyboard, shows it once with its download, then only its hash", async ({ page }) => {
    await signIn(page, siteUrl)
    const card = ownerDrop(page)
    await stage(page, "scheduled")
    await expect(card.getByText(owner.drops.seedHash).locator("xpath=following-sibling::dd")).toHaveText(owner.drops.notYet)
    await expect(card.getByText(owner.drops.noEntries)).toBeVisible()
    expect(await axeViolations(page)).toEqual([])

    // Asked first, the safe answer focused; Escape goes back.
    await card.getByRole("button", { name: owner.drops.commit.button }).focus()
    await page.keyboard.press("Enter")
    await expect(card.getByText(owner.drops.commit.confirmStep.question)).toBeVisible()
    await expect(card.getByRole("button", { name: owner.drops.commit.confirmStep.cancel })).toBeFocused()
    expect(await axeViolations(page)).toEqual([])
    await page.keyboard.press("Escape")
    await expect(card.getByRole("status")).toHaveText(owner.actions.cancelled)
    await expect(card.getByRole("button", { name: owner.drops.commit.button })).toBeFocused()
    await page.keyboard.press("Enter")
    await expect(card.getByRole("button", { name: owner.drops.commit.confirmStep.cancel })).toBeFocused()
    await page.keyboard.press("Shift+Tab")
    await expect(card.getByRole("button", { name: owner.drops.commit.confirmStep.confirm })).toBeFocused()
    await page.keyboard.press("Enter")

    // The seed, this once, with a clear "save this now", and its download as drop-01.seed.
    const shown = card.getByRole("region", { name: owner.drops.commit.seedHeading })
    await expect(shown.getByRole("heading", { name: owner.drops.commit.seedHeading })).toBeFocused()
    const seed = (await shown.locator("[data-seed]").textContent()) ?? ""
    expect(seed).toMatch(/^[0-9a-f]{64}$/)
    await expect(shown.getByText(owner.drops.commit.seedKept)).toBeVisible()
    const download = page.waitForEvent("download")
    await shown.getByRole("button", { name: owner.drops.commit.download }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(`${DROP.id}.seed`)
    expect(readFileSync(await file.path(), "utf8")).toBe(`${seed}\n`)
    // Its hash is published at once, on the owner's page and in the drop's public record.
    const hash = await seedHash(seed)
    await expect(card.getByText(owner.drops.seedHash).locator("xpath=following-sibling::dd")).toHaveText(hash)
    const record = (await (await fetch(`${siteUrl}/api/drop?drop=${DROP.id}`)).json()) as { commitment: DropCommitment; seed: string | null; phase: string }
    expect(record).toMatchObject({ phase: "scheduled", commitment: { seedHash: hash }, seed: null })
    await expect(card.getByRole("button", { name: owner.drops.commit.button })).toHaveCount(0)
    // Until the site carries the commitment, the card says what to put into content/drops.json.
    const publish = card.getByRole("region", { name: owner.drops.publish.heading })
    await expect(publish.getByLabel(owner.drops.publish.snippet)).toContainText(`"seedHash": "${hash}"`)
    expect(await axeViolations(page)).toEqual([])

    // Never shown again: after "I've saved it", and after a reload.
    await shown.getByRole("button", { name: owner.drops.commit.dismiss }).click()
    await expect(page.getByText(seed)).toHaveCount(0)
    await page.reload()
    await waitUntilHydrated(page)
    await expect(ownerDrop(page).getByText(owner.drops.seedHash).locator("xpath=following-sibling::dd")).toHaveText(hash)
    await expect(page.getByText(seed)).toHaveCount(0)
    await expect(ownerDrop(page).getByRole("button", { name: owner.drops.commit.button })).toHaveCount(0)
  })
})
