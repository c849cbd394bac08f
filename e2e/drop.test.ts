/**
 * The drop page at phone and laptop size: axe, the keyboard, the countdown ticking with nothing
 * moving (time from Playwright's clock, never a wait), the times in the visitor's own time zone,
 * the page without JavaScript, the live record (the drop service is stubbed: its own tests are
 * elsewhere) and the check of a draw in the browser, held to the commitment and beacon key the
 * page was built with (its data served as a build with a committed drop and a test chain would
 * have it). Home's note about the drop leads here.
 */
import type { Page, Route } from "@playwright/test"
import { bls12_381 } from "@noble/curves/bls12-381"
import drops from "../content/drops.json"
import copy from "../content/pages/drop.json"
import home from "../content/pages/home.json"
import { roundTime, type BeaconChain } from "../src/drop/beacon"
import { makeCommitment, type DropCommitment } from "../src/drop/commitment"
import type { PublishedDrop } from "../src/drop/contract"
import { drawKey, drawWinners } from "../src/drop/draw"
import { entryListText, sha256Hex, type DrawEntry } from "../src/drop/entry-list"
import { scheduledRecord, STOCK } from "../test/drop-fixtures"
import { publicKeyOf, signRound } from "../tools/dev/beacon-stand-in"
import { routeBuiltDrops } from "../tools/dev/built-drops"
import { axeViolations, builtApiBase, cookieNotice, expect, imageLoaded, test } from "./fixtures"
import { LAPTOP_ONLY, PHONE_ONLY } from "./site"

const [DROP] = drops.drops
const RECORD_URL = "**/api/drop?drop=drop-01"
const LIST_URL = "**/api/drop/entries?drop=drop-01"
const NOT_FOUND = /^error: Failed to load resource: the server responded with a status of 404/

const json = (route: Route, status: number, body: unknown) => route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) })
/** The drop service has no record for the drop yet (or is not there at all). */
const noRecord = (page: Page) => page.route(RECORD_URL, (route) => json(route, 404, { error: "unknown drop" }))

const section = (page: Page, heading: string) => page.getByRole("region", { name: heading, exact: true })
const liveSection = (page: Page) => section(page, copy.live.heading)
const countdown = (page: Page) => page.locator("[data-countdown]")
/** Opens the fold that holds how the draw is checked: the commitment, the live record and the check. */
const openCheck = (page: Page) => page.locator("[data-check-fold] > summary").click()

/** A test beacon chain (its key made here): the page's data says the site was built with it. */
const CHAIN_KEY = bls12_381.utils.randomSecretKey()
const CHAIN: BeaconChain = { ...drops.beacon, name: "test chain", publicKey: publicKeyOf(CHAIN_KEY), scheme: "bls-unchained-g1-rfc9380" }
const SEED = "94".repeat(32)

/** A drawn drop whose record and list agree, drawn with the site's own rule and the beacon's round: what a fair draw publishes. */
const fairDraw = async (): Promise<{ record: PublishedDrop; list: string; commitment: DropCommitment }> => {
  const entries: DrawEntry[] = Array.from({ length: 40 }, (_, index) => ({
    id: `entry${String(index).padStart(4, "0")}`,
    size: index % 2 === 0 ? "hoodie/S" : "cap/One size",
    tickets: 1 + (index % 4),
  }))
  // The first drop's stock, with only 4 caps.
  const stock = STOCK.map((line) => (line.size === "cap/One size" ? { ...line, pieces: 4 } : line))
  const commitment = makeCommitment(await sha256Hex(SEED), CHAIN, DROP, new Date("2026-12-01T12:00:00Z"))
  const beacon = { round: commitment.round, signature: signRound(CHAIN_KEY, commitment.round) }
  const list = entryListText(entries)
  const listHash = await sha256Hex(list)
  const { bySize } = await drawWinners({ entries, stock, key: drawKey(SEED, beacon.signature), listHash })
  const record: PublishedDrop = {
    ...scheduledRecord(),
    phase: "drawn",
    commitment,
    entrants: Object.fromEntries(bySize.map(({ size, entrants }) => [size, entrants])),
    listHash,
    frozenAt: new Date(Date.parse(DROP.closesAt) + 5).toISOString(),
    seed: SEED,
    beacon,
    drawnAt: "2026-12-07T17:00:00.000Z",
    winners: Object.fromEntries(bySize.map(({ size, winners }) => [size, winners])),
    promoted: {},
    stock,
  }
  expect(roundTime(CHAIN, commitment.round).getTime()).toBeGreaterThan(Date.parse(record.frozenAt as string))
  return { record, list, commitment }
}

/** Serves the record and list of a drawn drop, and the page's data as built with its commitment and the test chain. */
const serveDraw = async (page: Page, draw: { record: PublishedDrop; list: string; commitment: DropCommitment }) => {
  await routeBuiltDrops(page, { beacon: CHAIN, drops: [{ ...DROP, commitment: draw.commitment }] })
  await page.route(RECORD_URL, (route) => json(route, 200, draw.record))
  await page.route(LIST_URL, (route) => route.fulfill({ status: 200, contentType: "text/plain; charset=utf-8", body: draw.list }))
}

test.describe("the drop page", () => {
  test("is axe clean with the cookie notice shown and the calm message of a draw not published yet", async ({ page, app, problems }) => {
    problems.allow(NOT_FOUND)
    await page.emulateMedia({ reducedMotion: "reduce" })
    await noRecord(page)
    await app.open("/drop/")
    await expect(cookieNotice(page)).toBeVisible()
    await openCheck(page)
    await expect(liveSection(page).getByText(copy.live.unavailable)).toBeVisible()
    await expect(countdown(page)).not.toHaveAttribute("data-countdown", "pending")
    expect(await axeViolations(page)).toEqual([])
  })

  test("is axe clean with a drawn record and its check done", async ({ page, app }) => {
    await serveDraw(page, await fairDraw())
    await app.open("/drop/")
    await openCheck(page)
    const live = liveSection(page)
    await live.getByRole("button", { name: copy.live.verify.button }).click()
    await expect(live.getByText(copy.live.verify.match)).toBeVisible()
    await live.locator("summary").first().click()
    expect(await axeViolations(page)).toEqual([])
  })

  test("lets the keyboard reach every control, each with a visible focus ring", async ({ page, app }) => {
    await serveDraw(page, await fairDraw())
    await app.open("/drop/")
    await openCheck(page)
    await expect(liveSection(page).getByRole("button", { name: copy.live.verify.button })).toBeEnabled()
    // From the page's first control to its last, Tab stops on each with a ring; the drop's own
    // controls (the action, the winners' lists, the entry list, the check) are among them.
    const expected = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>("#main a[href], #main button, #main summary"))
        .filter((element) => element.getClientRects().length > 0 && !element.closest("[aria-hidden='true']") && !element.matches(":disabled"))
        .map((element) => element.textContent?.trim() ?? ""),
    )
    expect(expected).toEqual(expect.arrayContaining([copy.action.join, copy.live.listLink, copy.live.verify.button]))
    await page.locator("#main").focus()
    const reached: Array<{ text: string; ring: boolean }> = []
    for (let step = 0; step < expected.length + 20 && reached.length < expected.length; step += 1) {
      await page.keyboard.press("Tab")
      const stop = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null
        if (!element || !element.closest("#main")) return null
        const style = getComputedStyle(element)
        return { text: element.textContent?.trim() ?? "", ring: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2 }
      })
      if (stop) reached.push(stop)
    }
    expect(reached.map(({ text }) => text)).toEqual(expected)
    expect(reached.filter(({ ring }) => !ring)).toEqual([])
    // The check runs from the keyboard too.
    await liveSection(page).getByRole("button", { name: copy.live.verify.button }).focus()
    await page.keyboard.press("Enter")
    await expect(liveSection(page).locator("[data-verdict]")).toBeVisible()
  })

  test("counts down every second and past the opening without moving anything", async ({ page, app, problems }) => {
    problems.allow(NOT_FOUND)
    await noRecord(page)
    // Layout shifts outside the header: the heading font arriving late may nudge the header's
    // tilted logo by under a pixel (see layout.test.ts); the page itself must not move at all.
    await page.addInitScript(() => {
      const record = window as unknown as { shifts: number; moved: string[] }
      record.shifts = 0
      record.moved = []
      type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node | null }> }
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Shift[]) {
          if (entry.hadRecentInput) continue
          const outside = entry.sources
            .map(({ node }) => (node instanceof Element ? node : (node?.parentElement ?? null)))
            .filter((element) => !element?.closest("header"))
          if (outside.length === 0) continue
          record.shifts += entry.value
          record.moved.push(...outside.map((element) => (element ? `${element.tagName.toLowerCase()}.${element.className}` : "?")))
        }
      }).observe({ type: "layout-shift", buffered: true })
    })
    await page.clock.install({ time: new Date("2026-12-04T16:59:00Z") })
    await app.open("/drop/")
    await page.clock.pauseAt(new Date("2026-12-04T16:59:55Z"))
    // What the ticks move, from here on: the first paint's own shifts (a heading font that comes
    // late on a starved machine) are Lighthouse's CLS, measured by the bench.
    await page.evaluate(async () => {
      await document.fonts.ready
      const record = window as unknown as { shifts: number; moved: string[] }
      record.shifts = 0
      record.moved = []
    })
    const timer = page.getByRole("timer")
    await expect(timer).toHaveAccessibleName(copy.countdown.toOpen)
    await expect(timer).toContainText("00 days 00 hours 00 min 05 sec")
    const box = await countdown(page).boundingBox()
    const below = page.getByRole("heading", { name: copy.how.heading })
    const belowBox = await below.boundingBox()

    await page.clock.runFor(1000)
    await expect(timer).toContainText("00 days 00 hours 00 min 04 sec")
    await page.clock.runFor(1000)
    await expect(timer).toContainText("00 days 00 hours 00 min 03 sec")
    // Past the opening: the countdown turns to the closing, two days away.
    await page.clock.runFor(4000)
    await expect(page.getByRole("timer")).toHaveAccessibleName(copy.countdown.toClose)
    await expect(page.getByRole("timer")).toContainText("01 days 23 hours 59 min 59 sec")
    await expect(countdown(page)).toHaveAttribute("data-countdown", "open")

    expect(await countdown(page).boundingBox()).toEqual(box)
    expect(await below.boundingBox()).toEqual(belowBox)
    // Shifts are reported with the next frames.
    await page.clock.runFor(500)
    const { shifts, moved } = await page.evaluate(() => {
      const record = window as unknown as { shifts: number; moved: string[] }
      return { shifts: record.shifts, moved: record.moved }
    })
    expect({ shifts, moved }).toEqual({ shifts: 0, moved: [] })
  })

  test("keeps the server-rendered page on the first load: hydration replaces no element", PHONE_ONLY, async ({ page, app, problems }) => {
    problems.allow(NOT_FOUND)
    await noRecord(page)
    await page.addInitScript(() => {
      const record = window as unknown as { removed: string[] }
      record.removed = []
      new MutationObserver((mutations) => {
        for (const mutation of mutations) {
          if (!document.getElementById("___gatsby")?.contains(mutation.target)) continue
          for (const node of mutation.removedNodes) {
            if (node instanceof Element && node.tagName !== "STYLE")
              record.removed.push(`${node.tagName.toLowerCase()} "${(node.textContent ?? "").slice(0, 40)}"`)
          }
        }
      }).observe(document, { childList: true, subtree: true })
    })
    await app.open("/drop/")
    await openCheck(page)
    await expect(liveSection(page).getByText(copy.live.unavailable)).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { removed: string[] }).removed)).toEqual([])
  })

  test("says the draw is done in the countdown's place once the results are out", LAPTOP_ONLY, async ({ page, app, problems }) => {
    problems.allow(NOT_FOUND)
    await noRecord(page)
    await page.clock.install({ time: new Date("2026-12-08T10:00:00Z") })
    await app.open("/drop/")
    await expect(countdown(page)).toHaveAttribute("data-countdown", "over")
    await expect(countdown(page)).toHaveText(copy.countdown.over)
    await expect(page.getByRole("timer")).toHaveCount(0)
  })
})

test.describe("the drop's times in the visitor's time zone", () => {
  test.use({ timezoneId: "America/New_York", locale: "en-GB" })

  test("are sent in UTC and shown in the visitor's time once the page runs", async ({ page, app, request, problems }) => {
    problems.allow(NOT_FOUND)
    const html = await (await request.get("/drop/")).text()
    expect(html).toContain('<time datetime="2026-12-04T17:00:00Z">Fri 4 Dec 2026, 17:00 UTC</time>')
    expect(html).toContain(copy.window.utcNote)

    await noRecord(page)
    await app.open("/drop/")
    const when = section(page, copy.window.heading)
    await expect(when.locator('time[datetime="2026-12-04T17:00:00Z"]')).toHaveText(/^Fri 4 Dec( 2026)?, 12:00 EST$/)
    await expect(when.locator('time[datetime="2026-12-06T17:00:00Z"]')).toHaveText(/^Sun 6 Dec( 2026)?, 12:00 EST$/)
    await expect(when.getByText("Times in your time zone (America/New_York).")).toBeVisible()
    await expect(when.getByText(copy.window.utcNote)).toHaveCount(0)
  })
})

test.describe("the drop page without JavaScript", () => {
  test.use({ javaScriptEnabled: false })

  test("reads in full, in UTC, and links to the draw's record", PHONE_ONLY, async ({ page }) => {
    await page.goto("/drop/")
    await expect(page.getByRole("heading", { level: 1, name: copy.heading })).toBeVisible()
    await expect(page.getByRole("heading", { level: 2, name: DROP.name })).toBeVisible()
    await expect(page.locator('time[datetime="2026-12-04T17:00:00Z"]')).toHaveText("Fri 4 Dec 2026, 17:00 UTC")
    await expect(page.getByText(copy.window.utcNote)).toBeVisible()
    // The held-back lazy pictures are held only where scripts run to let them in.
    for (const piece of DROP.pieces) {
      const picture = page.getByAltText(piece.alt)
      await picture.scrollIntoViewIfNeeded()
      await expect(picture).toBeVisible()
      await expect.poll(() => imageLoaded(picture)).toBe(true)
    }
    await openCheck(page)
    const record = `${builtApiBase() ?? "/api/"}drop?drop=drop-01`
    await expect(liveSection(page).getByRole("link", { name: record })).toHaveAttribute("href", record)
    await expect(countdown(page)).toBeHidden()
  })
})

test.describe("the draw's live record", () => {
  test("is read from /api/drop for the drop once its fold is opened, and names each size and its entries", LAPTOP_ONLY, async ({ page, app }) => {
    const requested: string[] = []
    await page.route(RECORD_URL, (route) => {
      requested.push(new URL(route.request().url()).search)
      return json(route, 200, scheduledRecord())
    })
    await app.open("/drop/")
    // Folded, nobody sees it: a visitor who never opens the fold never asks the server for it.
    expect(requested).toEqual([])
    await openCheck(page)
    const live = liveSection(page)
    await expect(live.getByText(copy.live.phases.scheduled)).toBeVisible()
    await expect(live.getByText(scheduledRecord().commitment?.seedHash as string)).toBeVisible()
    await expect(live.getByRole("row", { name: "Six-Panel Cap, One size 40 0" })).toBeVisible()
    // Before the draw the check shows, disabled, with when it opens.
    await expect(live.getByRole("button", { name: copy.live.verify.button })).toBeDisabled()
    await expect(live.locator("[data-check='later']")).toContainText(copy.action.checkOpens.split("{time}")[0])
    expect(requested).toEqual(["?drop=drop-01"])
  })

  test("checks a fair draw in the browser, loading the rule's code only on the click, and catches a changed winner", async ({ page, app }) => {
    const draw = await fairDraw()
    let published = draw.record
    await routeBuiltDrops(page, { beacon: CHAIN, drops: [{ ...DROP, commitment: draw.commitment }] })
    await page.route(RECORD_URL, (route) => json(route, 200, published))
    await page.route(LIST_URL, (route) => route.fulfill({ status: 200, contentType: "text/plain; charset=utf-8", body: draw.list }))
    const scripts: string[] = []
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url())
    })
    await app.open("/drop/")
    await openCheck(page)
    const live = liveSection(page)
    const loadedBefore = scripts.length
    await live.getByRole("button", { name: copy.live.verify.button }).click()
    await expect(live.getByText(copy.live.verify.match)).toBeVisible()
    expect(scripts.length).toBeGreaterThan(loadedBefore)

    // The same draw with one winner swapped for someone from the reserve list.
    const { record, list } = draw
    const [first, ...rest] = record.winners?.["cap/One size"] ?? []
    const outsider = list
      .split("\n")
      .find((line) => line.includes("cap/One size") && !record.winners?.["cap/One size"].includes(line.split("\t")[0]))
      ?.split("\t")[0]
    expect(first && outsider).toBeTruthy()
    published = { ...record, winners: { ...record.winners, "cap/One size": [outsider as string, ...rest] } }
    await page.reload()
    await app.hydrated()
    await openCheck(page)
    await liveSection(page).getByRole("button", { name: copy.live.verify.button }).click()
    const verdict = liveSection(page).locator("[data-verdict='mismatch']")
    await expect(verdict).toContainText(copy.live.verify.mismatch)
    await expect(verdict.getByRole("listitem").first()).toBeVisible()
  })

  test("catches a made-up beacon value and a commitment other than the one the page was built with, in words", LAPTOP_ONLY, async ({ page, app }) => {
    const draw = await fairDraw()
    const forged = { round: draw.commitment.round, signature: signRound(bls12_381.utils.randomSecretKey(), draw.commitment.round) }
    let published: PublishedDrop = { ...draw.record, beacon: forged }
    await serveDraw(page, { ...draw, record: published })
    await page.unroute(RECORD_URL)
    await page.route(RECORD_URL, (route) => json(route, 200, published))
    await app.open("/drop/")
    await openCheck(page)
    await liveSection(page).getByRole("button", { name: copy.live.verify.button }).click()
    const verdict = liveSection(page).locator("[data-verdict='mismatch']")
    await expect(verdict).toContainText("is not signed by the beacon chain's key")
    published = { ...draw.record, commitment: { ...draw.commitment, seedHash: "0".repeat(64) } }
    await page.reload()
    await app.hydrated()
    await openCheck(page)
    await liveSection(page).getByRole("button", { name: copy.live.verify.button }).click()
    await expect(liveSection(page).locator("[data-verdict='mismatch']")).toContainText(
      "The server's record differs from the commitment published with the site before entries opened: the seed's fingerprint changed",
    )
  })

  test("says the page carries no commitment when it was built without one", LAPTOP_ONLY, async ({ page, app }) => {
    // This build's content has no commitment: a record that claims one is not held to anything the site published.
    const draw = await fairDraw()
    await page.route(RECORD_URL, (route) => json(route, 200, draw.record))
    await page.route(LIST_URL, (route) => route.fulfill({ status: 200, contentType: "text/plain; charset=utf-8", body: draw.list }))
    await app.open("/drop/")
    await openCheck(page)
    await expect(page.locator("[data-commitment='none']")).toContainText(copy.commitment.none)
    await liveSection(page).getByRole("button", { name: copy.live.verify.button }).click()
    await expect(liveSection(page).locator("[data-verdict='mismatch']")).toContainText("This page was built without the drop's commitment")
  })
})

test.describe("Home's note about the drop", () => {
  test("sits above the signup section and leads to the drop page", LAPTOP_ONLY, async ({ page, app, problems }) => {
    problems.allow(NOT_FOUND)
    await noRecord(page)
    await app.open("/")
    const note = page.locator("[data-drop-announcement]")
    await expect(note).toContainText(DROP.announcement.text)
    const noteBox = await note.boundingBox()
    const signupBox = await page.locator("#join-the-drop").boundingBox()
    expect((noteBox?.y ?? 0) + (noteBox?.height ?? 0)).toBeLessThanOrEqual(signupBox?.y ?? 0)
    await note.getByRole("link", { name: home.dropLink }).click()
    await expect(page).toHaveURL("/drop/")
    await expect(page.getByRole("heading", { level: 1, name: copy.heading })).toBeVisible()
  })
})
