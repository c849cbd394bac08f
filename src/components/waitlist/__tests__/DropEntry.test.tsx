// The drop on the status page: every state of a drop (before, open, closed, drawn), entering,
// changing and withdrawing with every answer's words, the size kept when a request fails, the
// busy button, and the keyboard.
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import waitlistPage from "../../../../content/pages/waitlist.json"
import rewards from "../../../../content/rewards.json"
import { waitlistData, dropsContent } from "../../../../test/page-fixtures"
import { withoutBotCheck } from "../../../../test/bot-check-fetch"
import { createHash, webcrypto } from "node:crypto"
import { TextEncoder } from "node:util"
import { scheduledRecord } from "../../../../test/drop-fixtures"
import { confirmedStatus } from "../../../../test/page-fetch"
import type { MyDropEntry } from "../../../drop/contract"
import { DropEntries, stillShown } from "../DropEntries"
import type { Clock } from "../DropEntry"
import { DropEntry } from "../DropEntry"
import type { EntryDrop } from "../drop-entry-copy"
import { StatusLookup } from "../StatusLookup"

const copy = waitlistPage.drop
const TOKEN = "QmxvY2s5NC1zdGF0dXMtdG9rZW4tZm9yLXRlc3RzLi4u"
const { minimumAge, drops } = waitlistData().dropsJson!
const DROP: EntryDrop = drops[0]
const HOODIE_M = "hoodie/M"
const HOODIE_M_NAME = "Block Heavyweight Hoodie, M"
const ENTRY_ID = "k3x9m2p7q4r8s5t6"

/** The clock at an instant, in UTC. */
const at = (iso: string): Clock => ({ now: Date.parse(iso), timeZone: "UTC" })
const BEFORE = at("2026-12-01T12:00:00Z")
const OPEN = at("2026-12-05T12:00:00Z")
const CLOSED = at("2026-12-06T18:00:00Z")
const DRAWN = at("2026-12-07T18:00:00Z")

const originalFetch = global.fetch
let fetchMock: jest.MockedFunction<typeof fetch>
const answer = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response

beforeEach(() => {
  fetchMock = jest.fn() as typeof fetchMock
  global.fetch = withoutBotCheck(fetchMock)
})
afterEach(() => {
  global.fetch = originalFetch
})

const show = (clock: Clock | null, entry: MyDropEntry | null = null, referrals = 0) =>
  render(<DropEntry drop={DROP} minimumAge={minimumAge} language="en" entry={entry} referrals={referrals} token={TOKEN} copy={copy} clock={clock} />)

const section = () => screen.getByRole("region", { name: DROP.name })
const note = () => within(section()).getByRole("status")
const sent = (call = 0) => JSON.parse(String(fetchMock.mock.calls[call][1]?.body)) as Record<string, unknown>

describe("a drop on the status page, in every state", () => {
  it("before it opens: its name, window in the reader's zone, the age and bonus rules, the tickets an entry would hold, and when entries open", () => {
    show(BEFORE, null, 2)
    expect(screen.getByRole("heading", { level: 2, name: DROP.name })).toBeVisible()
    expect(within(section()).getByText(copy.eyebrow)).toBeVisible()
    const times = within(section()).getAllByRole("definition")
    expect(times.slice(0, 3).map((time) => time.textContent)).toEqual(["Fri 4 Dec, 17:00 UTC", "Sun 6 Dec, 17:00 UTC", "Mon 7 Dec, 17:00 UTC"])
    expect(screen.getByText("Times are in your time zone (UTC).")).toBeVisible()
    expect(screen.getByText(`You must be ${minimumAge} or older to enter.`)).toBeVisible()
    // The bonus sentence from the drop's numbers: 1 per friend, up to 3, 4 at most.
    expect(screen.getByText(/adds 1 bonus ticket to your entry, up to 3: 4 tickets at most/)).toBeVisible()
    // Two confirmed friends: 1 + 2.
    expect(within(section()).getByText(copy.tickets).nextSibling).toHaveTextContent("3")
    expect(screen.getByText(/^Entries open Fri 4 Dec, 17:00 UTC\./)).toBeVisible()
    expect(screen.queryByRole("radio")).toBeNull()
    expect(screen.queryByRole("button")).toBeNull()
    expect(screen.getByRole("link", { name: copy.rulesLink })).toHaveAttribute("href", "/drop/#drop-01")
  })

  it("as the server sends it (no clock yet): times in UTC, said to be UTC, and no state until the page knows the time", () => {
    show(null)
    expect(within(section()).getAllByRole("definition")[0]).toHaveTextContent("Fri 4 Dec 2026, 17:00 UTC")
    expect(screen.getByText(copy.utcNote)).toBeVisible()
    expect(screen.queryByText(/^Entries open /)).toBeNull()
    expect(screen.queryByRole("radio")).toBeNull()
  })

  it("while open: a labelled size choice, each piece's sizes in a group of its own, and Enter the draw", () => {
    show(OPEN)
    const choice = screen.getByRole("group", { name: copy.sizes })
    const hoodie = within(choice).getByRole("group", { name: "Block Heavyweight Hoodie" })
    expect(
      within(hoodie)
        .getAllByRole("radio")
        .map((radio) => radio.getAttribute("value")),
    ).toEqual(["hoodie/S", "hoodie/M", "hoodie/L", "hoodie/XL"])
    expect(within(within(choice).getByRole("group", { name: "Six-Panel Cap" })).getByRole("radio", { name: "One size" })).not.toBeChecked()
    expect(screen.getByRole("button", { name: copy.enter })).toBeVisible()
    expect(screen.queryByRole("button", { name: copy.withdraw })).toBeNull()
    expect(note()).toHaveTextContent("")
  })

  it("once closed: the entry, and the draw's date", () => {
    show(CLOSED, { size: HOODIE_M, tickets: 2, entryId: ENTRY_ID, outcome: null, review: null })
    expect(screen.getByText(`Your entry: ${HOODIE_M_NAME}`)).toBeVisible()
    // The entry's number, to find it in the published list: shown to its person only.
    expect(screen.getByText(copy.entryNumber.replace("{id}", ENTRY_ID))).toBeVisible()
    expect(screen.getByText("Entries are closed: the draw is on Mon 7 Dec, 17:00 UTC.")).toBeVisible()
    expect(within(section()).getByText(copy.tickets).nextSibling).toHaveTextContent("2")
    expect(screen.queryByRole("radio")).toBeNull()
  })

  it("once closed without an entry: no tickets to speak of", () => {
    show(CLOSED)
    expect(screen.getByText("Entries are closed: the draw is on Mon 7 Dec, 17:00 UTC.")).toBeVisible()
    expect(within(section()).queryByText(copy.tickets)).toBeNull()
  })

  it.each([
    ["won", copy.won],
    ["notWon", copy.notWon],
  ] as const)("after the draw (%s): the outcome, with the entry", (outcome, words) => {
    show(DRAWN, { size: HOODIE_M, tickets: 1, entryId: ENTRY_ID, outcome, review: null })
    expect(screen.getByText(words)).toBeVisible()
    expect(screen.getByText(`Your entry: ${HOODIE_M_NAME}`)).toBeVisible()
    expect(screen.queryByText(/^Entries are closed/)).toBeNull()
    expect(screen.getByRole("link", { name: copy.rulesLink })).toBeVisible()
  })

  it("shows a drop until its winners' codes run out (redeemDays after the results), then no more", () => {
    expect(stillShown(DROP, Date.parse("2026-12-10T16:59:00Z"))).toBe(true)
    expect(stillShown(DROP, Date.parse("2026-12-10T17:00:00Z"))).toBe(false)
  })
})

describe("entering from the status page", () => {
  it("enters with the chosen size: a POST with the status token and the bot check, then says so; the buttons become Change my size and Withdraw my entry", async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValueOnce(answer(200, { ok: true, drop: "drop-01", size: HOODIE_M, tickets: 3, entryId: ENTRY_ID }))
    show(OPEN, null, 2)
    await user.click(screen.getByRole("radio", { name: "M" }))
    await user.click(screen.getByRole("button", { name: copy.enter }))
    await waitFor(() => expect(note()).toHaveTextContent(`You're in the draw for ${HOODIE_M_NAME}.`))
    expect(fetchMock).toHaveBeenCalledWith("/api/drop/enter", expect.objectContaining({ method: "POST" }))
    expect(sent()).toEqual({ token: TOKEN, drop: "drop-01", size: HOODIE_M })
    expect(screen.getByRole("button", { name: copy.change })).toHaveFocus()
    expect(screen.getByRole("button", { name: copy.withdraw })).toBeVisible()
    expect(screen.getByText(`Your entry: ${HOODIE_M_NAME}`)).toBeVisible()
    expect(within(section()).getByText(copy.tickets).nextSibling).toHaveTextContent("3")
  })

  it("changes the size of an entry, then withdraws it, focus staying on the form", async () => {
    const user = userEvent.setup()
    fetchMock
      .mockResolvedValueOnce(answer(200, { ok: true, drop: "drop-01", size: "hoodie/L", tickets: 1, entryId: ENTRY_ID }))
      .mockResolvedValueOnce(answer(200, { ok: true, drop: "drop-01", size: null, tickets: 0, entryId: null }))
    show(OPEN, { size: HOODIE_M, tickets: 1, entryId: ENTRY_ID, outcome: null, review: null })
    expect(screen.getByRole("radio", { name: "M" })).toBeChecked()
    await user.click(screen.getByRole("radio", { name: "L" }))
    await user.click(screen.getByRole("button", { name: copy.change }))
    await waitFor(() => expect(note()).toHaveTextContent("Your size is now Block Heavyweight Hoodie, L."))
    expect(screen.getByText("Your entry: Block Heavyweight Hoodie, L")).toBeVisible()
    await user.click(screen.getByRole("button", { name: copy.withdraw }))
    await waitFor(() => expect(note()).toHaveTextContent(copy.withdrawn))
    expect(sent(1)).toEqual({ token: TOKEN, drop: "drop-01", size: null })
    expect(screen.queryByRole("button", { name: copy.withdraw })).toBeNull()
    expect(screen.getByRole("button", { name: copy.enter })).toHaveFocus()
    expect(screen.queryByText(/^Your entry:/)).toBeNull()
    // The size stays chosen, to enter again.
    expect(screen.getByRole("radio", { name: "L" })).toBeChecked()
  })

  it("asks for a size first when none is chosen, and sends nothing", async () => {
    const user = userEvent.setup()
    show(OPEN)
    await user.click(screen.getByRole("button", { name: copy.enter }))
    expect(note()).toHaveTextContent(copy.chooseSize)
    expect(screen.getByRole("radio", { name: "S" })).toHaveFocus()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  // What the server answers to the refusals whose words do not fit a row of the table below.
  const BOT_CHECK_FAILED = { error: "We couldn't check that this came from a person: please reload the page and try again", code: "bot_check_failed" }
  const NOT_CONFIRMED = { error: "Only confirmed people on the list can enter: open the link in the email we sent you first", code: "entry_not_confirmed" }
  const HELD = { error: "Your signup is waiting for a check by our team, so it can't enter a draw yet", code: "entry_held" }
  const UNKNOWN_LINK = { error: "This status link is not known: check that the whole link was opened", code: "status_link_unknown" }

  it.each([
    ["a size not of the drop", 400, { error: '"size" is not one of this drop\'s sizes', code: "size_unknown" }, copy.errors.badSize],
    ["the bot check refusing", 403, BOT_CHECK_FAILED, copy.errors.botCheck],
    ["an unconfirmed address", 403, NOT_CONFIRMED, copy.errors.notConfirmed],
    ["a signup held for review", 403, HELD, copy.errors.held],
    ["an unknown link or drop", 404, UNKNOWN_LINK, copy.errors.notFound],
    ["a window not open yet", 409, { error: "Entries for this drop open at 2026-12-04T17:00:00.000Z", code: "entries_not_open" }, copy.errors.notOpen],
    ["a closed window", 409, { error: "Entries for this drop have closed", code: "entries_closed" }, copy.errors.closed],
    ["a draw not set up", 409, { error: "This drop's draw isn't set up yet: please try again later", code: "draw_not_set_up" }, copy.errors.notSetUp],
    ["an expired link", 410, { error: "This status link has expired: ask for a fresh one by email", code: "status_link_expired" }, copy.errors.expired],
    ["too many requests", 429, { error: "Too many requests: try again in 30 seconds", code: "rate_limited" }, copy.errors.tooMany],
    ["a server error", 500, { error: "Something went wrong" }, copy.errors.failed],
  ])("says so politely on %s, and keeps the chosen size and the entry as they were", async (_case, status, body, words) => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValueOnce(answer(status, body))
    show(OPEN, { size: HOODIE_M, tickets: 1, entryId: ENTRY_ID, outcome: null, review: null })
    await user.click(screen.getByRole("radio", { name: "XL" }))
    await user.click(screen.getByRole("button", { name: copy.change }))
    await waitFor(() => expect(note()).toHaveTextContent(words))
    expect(screen.getByRole("radio", { name: "XL" })).toBeChecked()
    expect(screen.getByText(`Your entry: ${HOODIE_M_NAME}`)).toBeVisible()
    expect(screen.getByRole("button", { name: copy.change })).toBeVisible()
  })

  it("says so when the site cannot be reached, keeping the size", async () => {
    const user = userEvent.setup()
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"))
    show(OPEN)
    await user.click(screen.getByRole("radio", { name: "One size" }))
    await user.click(screen.getByRole("button", { name: copy.enter }))
    await waitFor(() => expect(note()).toHaveTextContent(copy.errors.failed))
    expect(screen.getByRole("radio", { name: "One size" })).toBeChecked()
    expect(screen.getByRole("button", { name: copy.enter })).toBeVisible()
  })

  it("shows the button busy while the entry is on its way, and a second press sends nothing more", async () => {
    const user = userEvent.setup()
    let respond: (response: Response) => void = () => undefined
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (respond = resolve)))
    show(OPEN)
    await user.click(screen.getByRole("radio", { name: "M" }))
    await user.click(screen.getByRole("button", { name: copy.enter }))
    const busy = await screen.findByRole("button", { name: copy.sending })
    expect(busy).toHaveAttribute("aria-disabled", "true")
    await user.click(busy)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await act(async () => respond(answer(200, { ok: true, drop: "drop-01", size: HOODIE_M, tickets: 1, entryId: ENTRY_ID })))
    expect(await screen.findByRole("button", { name: copy.change })).toHaveAttribute("aria-disabled", "false")
  })

  it("works from the keyboard alone: Tab to the sizes, arrows to choose, Tab and Enter to send", async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValueOnce(answer(200, { ok: true, drop: "drop-01", size: "hoodie/M", tickets: 1, entryId: ENTRY_ID }))
    show(OPEN)
    await user.tab()
    expect(screen.getByRole("radio", { name: "S" })).toHaveFocus()
    await user.keyboard("{ArrowRight}")
    expect(screen.getByRole("radio", { name: "M" })).toBeChecked()
    expect(screen.getByRole("radio", { name: "M" })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole("button", { name: copy.enter })).toHaveFocus()
    await user.keyboard("{Enter}")
    await waitFor(() => expect(note()).toHaveTextContent(`You're in the draw for ${HOODIE_M_NAME}.`))
    expect(sent()).toMatchObject({ size: "hoodie/M" })
  })
})

describe("the drop section of the status page", () => {
  const STATUS = confirmedStatus({ position: 3, total: 50, referrals: 1 })
  const openWith = (search: string) => window.history.replaceState(null, "", `/page/${search}`)
  afterEach(() => openWith(""))

  /** The content's drop, its window moved around now, as the page is built with it. */
  const aroundNow = (opensInMs: number) => {
    const now = Date.now()
    const iso = (offset: number) => new Date(now + offset).toISOString()
    const [drop] = dropsContent.drops
    return waitlistData({
      minimumAge,
      drops: [{ ...drop, opensAt: iso(opensInMs), closesAt: iso(opensInMs + 86_400_000), resultsAt: iso(opensInMs + 2 * 86_400_000) }],
    }).dropsJson!
  }

  it("shows a confirmed person each drop, with their entry from the status answer", async () => {
    openWith(`#token=${TOKEN}`)
    fetchMock.mockResolvedValue(
      answer(200, { ...STATUS, drops: { "drop-01": { size: "cap/One size", tickets: 2, entryId: ENTRY_ID, outcome: null, review: null } } }),
    )
    render(<StatusLookup copy={waitlistPage} tiers={rewards.tiers} drops={aroundNow(-3_600_000)} />)
    expect(await screen.findByRole("heading", { level: 2, name: DROP.name })).toBeVisible()
    expect(screen.getByRole("radio", { name: "One size" })).toBeChecked()
    expect(screen.getByText("Your entry: Six-Panel Cap, One size")).toBeVisible()
    expect(screen.getByRole("button", { name: copy.change })).toBeVisible()
  })

  it("shows nothing of drops to someone not confirmed yet", async () => {
    openWith(`#token=${TOKEN}`)
    fetchMock.mockResolvedValue(answer(200, { ...STATUS, status: "pending", position: null }))
    render(<StatusLookup copy={waitlistPage} tiers={rewards.tiers} drops={aroundNow(-3_600_000)} />)
    expect(await screen.findByText(waitlistPage.pending)).toBeVisible()
    expect(screen.queryByRole("heading", { name: DROP.name })).toBeNull()
  })

  it("leaves out a drop whose codes ran out long ago, and reads a malformed entry as no entry", async () => {
    openWith(`#token=${TOKEN}`)
    fetchMock.mockResolvedValue(answer(200, { ...STATUS, drops: { "drop-01": { size: 3, tickets: "many" } } }))
    const { unmount } = render(<StatusLookup copy={waitlistPage} tiers={rewards.tiers} drops={aroundNow(-3_600_000)} />)
    expect(await screen.findByRole("button", { name: copy.enter })).toBeVisible()
    unmount()
    render(<StatusLookup copy={waitlistPage} tiers={rewards.tiers} drops={aroundNow(-30 * 86_400_000)} />)
    expect(await screen.findByText("You're in: each friend moves you up")).toBeVisible()
    expect(screen.queryByRole("heading", { name: DROP.name })).toBeNull()
  })

  it("renders every drop it is given, each in the reader's zone from its first paint", () => {
    render(
      <DropEntries drops={drops} minimumAge={minimumAge} entries={{}} referrals={0} token={TOKEN} copy={copy} startedAt={Date.parse("2026-11-25T10:00:00Z")} />,
    )
    expect(screen.getByRole("heading", { level: 2, name: DROP.name })).toBeVisible()
    expect(screen.queryByText(copy.utcNote)).toBeNull()
  })
})

describe("a person's own entry in the published list", () => {
  // Every browser has Web Crypto and TextEncoder, which the check uses; jsdom has neither.
  const { crypto, TextEncoder: encoder } = globalThis
  beforeAll(() =>
    Object.defineProperties(globalThis, { crypto: { value: webcrypto, configurable: true }, TextEncoder: { value: TextEncoder, configurable: true } }),
  )
  afterAll(() => Object.defineProperties(globalThis, { crypto: { value: crypto, configurable: true }, TextEncoder: { value: encoder, configurable: true } }))
  const LIST = `a0000000000000001\tcap/One size\t1\n${ENTRY_ID}\thoodie/M\t2\nz0000000000000001\thoodie/M\t1\n`
  const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")
  /** The site's record (frozen, with the list's hash) and its entry list, as the check downloads them. */
  const serveList = (list: string | null, listHash = sha256(list ?? "")) =>
    fetchMock.mockImplementation(async (url) =>
      String(url).includes("/api/drop/entries")
        ? list === null
          ? answer(503, {})
          : ({ ok: true, status: 200, text: async () => list } as Response)
        : answer(200, { ...scheduledRecord(), phase: "closed", listHash, frozenAt: "2026-12-06T17:00:00.005Z" }),
    )
  const check = async () => {
    await userEvent.setup().click(screen.getByRole("button", { name: copy.check.button }))
    return within(section()).findByText((_, element) => element?.hasAttribute("data-entry-check") ?? false)
  }

  it("is found from the status page once entries close: its line, size and tickets, in the list that matches its published fingerprint", async () => {
    serveList(LIST)
    show(CLOSED, { size: HOODIE_M, tickets: 2, entryId: ENTRY_ID, outcome: null, review: null })
    expect(await check()).toHaveTextContent(
      `Your entry ${ENTRY_ID} is in the published list, line 2 of 3: ${HOODIE_M_NAME}, 2 tickets. The list matches the fingerprint published when entries closed.`,
    )
    expect(fetchMock).toHaveBeenCalledWith("/api/drop?drop=drop-01", expect.anything())
    expect(fetchMock).toHaveBeenCalledWith("/api/drop/entries?drop=drop-01", expect.anything())
  })

  it.each([
    ["missing from the list", LIST.replace(`${ENTRY_ID}\thoodie/M\t2\n`, ""), undefined, copy.check.missing.replace("{id}", ENTRY_ID)],
    [
      "there with other tickets",
      LIST.replace(`${ENTRY_ID}\thoodie/M\t2`, `${ENTRY_ID}\thoodie/M\t1`),
      undefined,
      `The published list has your entry ${ENTRY_ID} with ${HOODIE_M_NAME} and 1 tickets, but this page says ${HOODIE_M_NAME} and 2 tickets.`,
    ],
    ["in a list that does not match its fingerprint", LIST, sha256("another list"), copy.check.listChanged],
    ["in a list that cannot be downloaded", null, undefined, copy.check.failed],
  ] as const)("says so when it is %s", async (_case, list, listHash, words) => {
    serveList(list, listHash)
    show(CLOSED, { size: HOODIE_M, tickets: 2, entryId: ENTRY_ID, outcome: null, review: null })
    expect(await check()).toHaveTextContent(words)
  })

  it("is not offered while entries are open, nor for an entry the team's check kept out", () => {
    show(OPEN, { size: HOODIE_M, tickets: 1, entryId: ENTRY_ID, outcome: null, review: null })
    expect(screen.queryByRole("button", { name: copy.check.button })).toBeNull()
  })
})

describe("an entry from someone who joined after the drop was announced", () => {
  it("says it waits for the team's check while entries are open", () => {
    show(OPEN, { size: HOODIE_M, tickets: 1, entryId: ENTRY_ID, outcome: null, review: "waiting" })
    expect(screen.getByText(copy.waiting)).toBeVisible()
  })

  it("says it is not in the draw once left out, or still unchecked at the close, and offers no check of the list", () => {
    show(OPEN, { size: HOODIE_M, tickets: 1, entryId: ENTRY_ID, outcome: null, review: "leftOut" })
    expect(screen.getByText(copy.leftOut)).toBeVisible()
    cleanup()
    show(CLOSED, { size: HOODIE_M, tickets: 1, entryId: ENTRY_ID, outcome: null, review: "leftOut" })
    expect(screen.getByText(copy.leftOut)).toBeVisible()
    expect(screen.queryByRole("button", { name: copy.check.button })).toBeNull()
  })
})
