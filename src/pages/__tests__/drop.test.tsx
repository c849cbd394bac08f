import { act, fireEvent, render, screen, within } from "@testing-library/react"
import drop from "../../../content/pages/drop.json"
import { COMMITMENT, drawnRecord, DRAWN_ENTRY_LIST, scheduledRecord } from "../../../test/drop-fixtures"
import { titleText } from "../../../test/head-helpers"
import { dropData, dropsContent, headProps, pageProps } from "../../../test/page-fixtures"
import DropPage, { Head } from "../drop"

// The server renderer's Node build: its browser build needs a TextEncoder that jsdom lacks.
const { renderToString } = jest.requireActual<typeof import("react-dom/server")>("react-dom/server.node")

// The check (with the draw rule and the beacon's curve code) loads only when a visitor asks for it; here it is a stand-in.
const mockVerifyDraw = jest.fn()
jest.mock("../../drop/verify", () => ({ checkDrop: (...args: unknown[]) => mockVerifyDraw(...args) }))

const [FIRST] = dropsContent.drops
const page = (data = dropData()) => <DropPage {...pageProps(data, "/drop/")} />

/** Leaves the page's record request unanswered: for tests about the rest of the page. */
const serveNothing = () => {
  global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch
}

/** Answers the page's requests: the record (or a status), and the entry list. */
const serve = ({ record, status = 200, list = DRAWN_ENTRY_LIST }: { record?: unknown; status?: number; list?: string | null }) => {
  const fetchMock = jest.fn(async (url: string) => {
    if (url.startsWith("/api/drop/entries")) return list === null ? { status: 503, text: async () => "" } : { status: 200, text: async () => list }
    return { status, json: async () => record ?? { error: "unknown drop" } }
  })
  global.fetch = fetchMock as unknown as typeof fetch
  return fetchMock
}

const liveSection = () => screen.getByRole("region", { name: drop.live.heading })

/** Opens the fold that holds how the draw is checked, by its summary, as a visitor does. */
const openCheckFold = () => fireEvent.click(screen.getByText(drop.check.heading, { selector: "summary" }))

afterEach(() => {
  jest.useRealTimers()
  mockVerifyDraw.mockReset()
})

describe("the drop page as the server sends it (before any JavaScript)", () => {
  const html = () => {
    const container = document.createElement("div")
    container.innerHTML = renderToString(page())
    return container
  }

  it("has one h1, the page's heading, then each drop under its name", () => {
    const container = html()
    const h1s = container.querySelectorAll("h1")
    expect(h1s).toHaveLength(1)
    expect(h1s[0]).toHaveTextContent(drop.heading)
    expect(container).toHaveTextContent(drop.intro)
    expect([...container.querySelectorAll("h2")].map((h2) => h2.textContent)).toEqual([FIRST.name])
    expect(container).toHaveTextContent(FIRST.summary)
  })

  it("says when entries open and close and when the results are out, in UTC, with the countdown's place kept empty", () => {
    const container = html()
    const times = [...container.querySelectorAll("time")]
    expect(times.map((time) => [time.getAttribute("datetime"), time.textContent])).toEqual([
      ["2026-12-04T17:00:00Z", "Fri 4 Dec 2026, 17:00 UTC"],
      ["2026-12-06T17:00:00Z", "Sun 6 Dec 2026, 17:00 UTC"],
      ["2026-12-07T17:00:00Z", "Mon 7 Dec 2026, 17:00 UTC"],
    ])
    expect(container).toHaveTextContent(drop.window.utcNote)
    const countdown = container.querySelector("[data-countdown]")
    expect(countdown).toHaveAttribute("data-countdown", "pending")
    expect(countdown).toHaveAttribute("aria-hidden", "true")
    expect(countdown?.textContent).toBe("")
  })

  it("leads with every piece: its picture (the first fetched with the page), price, colourway, sizes and how many pieces each, and its size guide", () => {
    const container = html()
    expect(container).toHaveTextContent("120 pieces in all")
    for (const piece of FIRST.pieces) {
      const heading = [...container.querySelectorAll("h4")].find((h4) => h4.textContent === piece.name)
      const card = heading?.closest("li") as HTMLElement
      expect(card).toHaveTextContent(piece.description)
      const image = within(card).getByAltText(piece.alt)
      expect(image).toHaveAttribute("loading", piece === FIRST.pieces[0] ? "eager" : "lazy")
      expect(card).toHaveTextContent(piece.colourway)
      expect(card).toHaveTextContent(`€${piece.price}`)
      expect(card).toHaveTextContent(piece.fit)
      const guide = [...card.querySelectorAll("tbody tr")].map((row) => row.textContent)
      expect(guide).toEqual(piece.sizes.map((size) => `${size.label}${size.measurements}`))
      expect(image).toHaveAttribute("src", `/${piece.image}`)
      const sizes = within(card).getByRole("list", { name: drop.pieces.sizes })
      expect(
        within(sizes)
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      ).toEqual(piece.sizes.map(({ label, quantity }) => `${label}${quantity} pieces`))
    }
  })

  it("explains how it works with the drop's own numbers (bonus tickets, days to use a code), the minimum age said once, by the action", () => {
    const container = html()
    const how = container.querySelector(`[aria-labelledby="drop-01-how"]`) as HTMLElement
    drop.how.steps.forEach((step) => expect(how).toHaveTextContent(step))
    expect(how).toHaveTextContent("1 per friend and up to 3 in all, so an entry holds at most 4 tickets.")
    expect(how).toHaveTextContent("have 3 days to use it")
    expect(how).not.toHaveTextContent("16 or older")
    const action = container.querySelector("[data-drop-action]") as HTMLElement
    expect(action).toHaveTextContent("Enter from your status page: open the status link from any email we've sent you. You must be 16 or older to enter.")
    expect(container.textContent?.split("16 or older")).toHaveLength(2)
    expect(container.textContent).not.toMatch(/\{\w+\}/)
  })

  it("explains how to check the draw, and gives browsers without JavaScript the record's address", () => {
    const container = html()
    drop.check.paragraphs.forEach((paragraph) => expect(container).toHaveTextContent(paragraph))
    const live = container.querySelector(`[aria-labelledby="drop-01-draw"]`) as HTMLElement
    expect(live).toHaveTextContent(drop.live.intro)
    expect(live).not.toHaveTextContent(drop.live.loading)
    expect(live.querySelector("noscript")?.innerHTML).toBe(
      '<p>Without JavaScript, the draw&#39;s record is here: <a href="/api/drop?drop=drop-01">/api/drop?drop=drop-01</a>.</p>',
    )
  })

  it("carries the draw's commitment in its own HTML once content has it: the seed's hash, the beacon round and when it comes out", () => {
    const section = (container: HTMLElement) => container.querySelector('[aria-labelledby="drop-01-commitment"]') as HTMLElement
    expect(section(html())).toHaveTextContent(drop.commitment.none)
    const container = document.createElement("div")
    container.innerHTML = renderToString(page(dropData({ ...dropsContent, drops: [{ ...FIRST, commitment: COMMITMENT }] })))
    const committed = section(container)
    expect(committed).toHaveTextContent(drop.commitment.intro)
    expect(committed).toHaveTextContent(COMMITMENT.seedHash)
    expect(committed).toHaveTextContent(`drand quicknet, round ${COMMITMENT.round}`)
    // Round 34,591,013 of quicknet comes out 3 seconds after the close.
    expect(committed.querySelector('time[datetime="2026-12-06T17:00:03.000Z"]')).toHaveTextContent("Sun 6 Dec 2026, 17:00 UTC")
    expect(committed.querySelector('time[datetime="2026-12-01T12:00:00.000Z"]')).toHaveTextContent("Tue 1 Dec 2026, 12:00 UTC")
  })
})

describe("the drop page in the browser", () => {
  it("counts down to the opening every second, then to the closing, in the visitor's time", () => {
    serveNothing()
    jest.useFakeTimers({ now: Date.parse("2026-12-03T16:59:58.500Z") })
    render(page())
    const when = screen.getByRole("region", { name: drop.window.heading })
    expect(within(when).getByText(drop.countdown.toOpen)).toBeInTheDocument()
    const timer = within(when).getByRole("timer", { name: drop.countdown.toOpen })
    expect(timer).toHaveTextContent("01 days 00 hours 00 min 02 sec")
    act(() => jest.advanceTimersByTime(500))
    expect(timer).toHaveTextContent("01 days 00 hours 00 min 01 sec")
    act(() => jest.advanceTimersByTime(1000))
    expect(timer).toHaveTextContent("01 days 00 hours 00 min 00 sec")
    act(() => jest.advanceTimersByTime(1000))
    expect(timer).toHaveTextContent("00 days 23 hours 59 min 59 sec")
    act(() => jest.advanceTimersByTime(86_399_000))
    expect(within(when).getByRole("timer", { name: drop.countdown.toClose })).toHaveTextContent("02 days 00 hours 00 min 00 sec")
    // The times are the visitor's now, and the note names their time zone.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    expect(within(when).getByText(`Times in your time zone (${zone}).`)).toBeInTheDocument()
    expect(within(when).queryByText(drop.window.utcNote)).toBeNull()
  })

  it("counts down to the results once entries close, and says the draw is done after", () => {
    serveNothing()
    jest.useFakeTimers({ now: Date.parse("2026-12-07T16:59:59Z") })
    render(page())
    const when = screen.getByRole("region", { name: drop.window.heading })
    expect(within(when).getByRole("timer", { name: drop.countdown.toResults })).toHaveTextContent("00 days 00 hours 00 min 01 sec")
    act(() => jest.advanceTimersByTime(1000))
    expect(within(when).queryByRole("timer")).toBeNull()
    expect(within(when).getByText(drop.countdown.over)).toBeInTheDocument()
  })

  it("reads the record only once the fold is opened, and says calmly that there is nothing to check yet when it is not there (404)", async () => {
    const fetchMock = serve({ status: 404 })
    render(page())
    await act(async () => undefined)
    expect(fetchMock).not.toHaveBeenCalledWith("/api/drop?drop=drop-01", expect.anything())
    openCheckFold()
    expect(await within(liveSection()).findByText(drop.live.unavailable)).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledWith("/api/drop?drop=drop-01", expect.objectContaining({ method: "GET" }))
  })

  it("shows the seed's hash and the entries per size before the draw, with the check disabled until the results", async () => {
    serve({ record: scheduledRecord() })
    render(page())
    openCheckFold()
    const live = liveSection()
    expect(await within(live).findByText(drop.live.phases.scheduled)).toBeInTheDocument()
    expect(within(live).getByText(COMMITMENT.seedHash)).toBeInTheDocument()
    const table = within(live).getByRole("table", { name: drop.live.entrants })
    const rows = within(table).getAllByRole("row").slice(1)
    expect(rows.map((row) => row.textContent)).toEqual([
      "Block Heavyweight Hoodie, S150",
      "Block Heavyweight Hoodie, M250",
      "Block Heavyweight Hoodie, L250",
      "Block Heavyweight Hoodie, XL150",
      "Six-Panel Cap, One size400",
    ])
    expect(within(live).getByRole("button", { name: drop.live.verify.button })).toBeDisabled()
    expect(within(live).getByRole("button", { name: drop.live.verify.button })).toHaveAccessibleDescription(
      /^The check opens with the results, Mon 7 Dec( 2026)?, \d\d:00 \S+\.$/,
    )
    expect(within(live).getAllByText(drop.live.notYet).length).toBeGreaterThan(0)
  })

  it("after the draw shows the seed, the list and the winners, and checks the draw on a click only", async () => {
    const fetchMock = serve({ record: drawnRecord() })
    mockVerifyDraw.mockResolvedValue({ ok: true, problems: [] })
    render(page())
    openCheckFold()
    const live = liveSection()
    expect(await within(live).findByText(drop.live.phases.drawn)).toBeInTheDocument()
    expect(within(live).getByText(drawnRecord().seed as string)).toBeInTheDocument()
    expect(within(live).getByRole("link", { name: drop.live.listLink })).toHaveAttribute("href", "/api/drop/entries?drop=drop-01")
    expect(within(live).getByText("Block Heavyweight Hoodie, S: 2 drawn")).toBeInTheDocument()
    expect(within(live).getByText("Six-Panel Cap, One size: 3 drawn")).toBeInTheDocument()
    expect(within(live).getByText("k3j9x2m1")).toBeInTheDocument()
    expect(mockVerifyDraw).not.toHaveBeenCalled()

    fireEvent.click(within(live).getByRole("button", { name: drop.live.verify.button }))
    expect(await within(live).findByText(drop.live.verify.match)).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledWith("/api/drop/entries?drop=drop-01", expect.anything())
    // Held to what this page was built with: content's commitment (none yet), window and beacon chain.
    expect(mockVerifyDraw).toHaveBeenCalledWith(
      { commitment: null, window: { opensAt: FIRST.opensAt, closesAt: FIRST.closesAt }, chain: dropsContent.beacon },
      drawnRecord(),
      DRAWN_ENTRY_LIST,
    )
  })

  it("lists what differs when the published winners do not match", async () => {
    serve({ record: drawnRecord() })
    mockVerifyDraw.mockResolvedValue({ ok: false, problems: ["The seed does not match the hash published before entries opened"] })
    render(page())
    openCheckFold()
    expect(await within(liveSection()).findByText(drop.live.phases.drawn)).toBeInTheDocument()
    fireEvent.click(within(liveSection()).getByRole("button", { name: drop.live.verify.button }))
    const status = await within(liveSection()).findByText(drop.live.verify.mismatch)
    expect(status.closest("[role=status]")).toHaveTextContent("The seed does not match the hash published before entries opened")
  })

  it("says so when the entry list cannot be downloaded, and checks nothing", async () => {
    serve({ record: drawnRecord(), list: null })
    render(page())
    openCheckFold()
    expect(await within(liveSection()).findByText(drop.live.phases.drawn)).toBeInTheDocument()
    fireEvent.click(within(liveSection()).getByRole("button", { name: drop.live.verify.button }))
    expect(await within(liveSection()).findByText(drop.live.verify.failed)).toBeInTheDocument()
    expect(mockVerifyDraw).not.toHaveBeenCalled()
  })
})

describe("the drops in content", () => {
  beforeEach(serveNothing)

  it("come newest window first", () => {
    const later = {
      ...FIRST,
      id: "drop-02",
      name: "Drop 02: Winter",
      opensAt: "2027-01-10T12:00:00Z",
      closesAt: "2027-01-12T12:00:00Z",
      resultsAt: "2027-01-13T12:00:00Z",
    }
    render(page(dropData({ ...dropsContent, drops: [FIRST, later] })))
    expect(screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent)).toEqual(["Drop 02: Winter", FIRST.name])
  })

  it("say when no drop is planned", () => {
    render(page(dropData({ ...dropsContent, drops: [] })))
    expect(screen.getByText(drop.empty)).toBeInTheDocument()
    expect(screen.queryAllByRole("heading", { level: 2 })).toEqual([])
  })

  it("give bonus-free drops the sentence without numbers", () => {
    render(page(dropData({ ...dropsContent, drops: [{ ...FIRST, bonus: { ticketsPerReferral: 0, maxBonusTickets: 0 } }] })))
    expect(screen.getByText(drop.how.noBonus)).toBeInTheDocument()
  })
})

describe("the drop page's Head", () => {
  it("has its own title and canonical address", () => {
    const { container } = render(<Head {...headProps(dropData(), "/drop/")} />)
    expect(titleText(container)).toBe("The Drop | Block 94")
    expect(container.querySelector('link[rel="canonical"]')).toHaveAttribute("href", "https://block94.example/drop/")
    expect(container.querySelector('meta[name="description"]')).toHaveAttribute("content", drop.seo.description)
  })
})
