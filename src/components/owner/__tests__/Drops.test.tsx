// The owner's Drops section: each drop's stage, window, entrants and entries per day, its hashes
// and beacon round; committing the seed (asked first, then the seed shown once with its download,
// and what to put into the site while it does not carry the commitment); the review of entries
// from new signups, by group; and running the draw (with the saved seed where the server keeps
// none, and the beacon's value by hand when it cannot be fetched), with every refusal's words.
import { render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import ownerPage from "../../../../content/pages/owner.json"
import { makeFormats } from "../../../lib/owner-format"
import type { DropCommitment } from "../../../drop/commitment"
import type { OwnerDrop } from "../../../lib/owner-drops-client"
import type { OwnerCopy } from "../copy"
import { Drops } from "../Drops"

const { seo: _seo, $schema: _schema, ...copy } = ownerPage
const text = copy.drops
const SECRET = "owner-secret-for-the-unit-tests-0123"
const SEED = "5eed".repeat(16)
const HASH = "ab".repeat(32)
const COMMITMENT: DropCommitment = {
  seedHash: HASH,
  chainHash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  round: 34_591_013,
  opensAt: "2026-12-04T17:00:00.000Z",
  closesAt: "2026-12-06T17:00:00.000Z",
  committedAt: "2026-11-30T10:00:00.000Z",
}
/** A drop committed, and the site deployed with its commitment. */
const COMMITTED = { commitment: COMMITMENT, builtCommitment: COMMITMENT, beaconAt: "2026-12-06T17:00:03.000Z" }
const formats = makeFormats("en-GB", "UTC")
const PIECES = {
  "drop-01": [
    { id: "hoodie", name: "Block Heavyweight Hoodie", sizes: [{ label: "M" }] },
    { id: "cap", name: "Six-Panel Cap", sizes: [{ label: "One size" }] },
  ],
}

const drop = (overrides: Partial<OwnerDrop> = {}): OwnerDrop => ({
  drop: "drop-01",
  name: "Drop 01: Block Heavyweight",
  phase: "scheduled",
  opensAt: "2026-12-04T17:00:00.000Z",
  closesAt: "2026-12-06T17:00:00.000Z",
  resultsAt: "2026-12-07T17:00:00.000Z",
  commitment: null,
  builtCommitment: null,
  beacon: null,
  beaconAt: null,
  beaconChain: "drand quicknet",
  review: { entries: [], clusters: [] },
  entrants: { "hoodie/M": 0, "cap/One size": 0 },
  listHash: null,
  frozenAt: null,
  seed: null,
  drawnAt: null,
  winners: null,
  promoted: null,
  stock: [
    { size: "hoodie/M", pieces: 25 },
    { size: "cap/One size", pieces: 40 },
  ],
  entriesByDay: [],
  seedKept: true,
  ...overrides,
})

const originalFetch = global.fetch
let fetchMock: jest.MockedFunction<typeof fetch>
const answer = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response
const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === "POST")
    .map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) as unknown, auth: (init?.headers as Record<string, string>).Authorization }))

beforeEach(() => {
  fetchMock = jest.fn() as typeof fetchMock
  global.fetch = fetchMock
})
afterEach(() => {
  global.fetch = originalFetch
})

const show = (props: { onProblem?: jest.Mock; onChanged?: jest.Mock } = {}) => {
  const onProblem = props.onProblem ?? jest.fn()
  const onChanged = props.onChanged ?? jest.fn()
  render(<Drops secret={SECRET} copy={copy as OwnerCopy} formats={formats} onProblem={onProblem} onChanged={onChanged} pieces={PIECES} />)
  return { onProblem, onChanged }
}

/** Shows `shown`, then presses an action's button and its confirm, `response` answering (and later reads `shown` again). */
const confirmAnswered = async (shown: OwnerDrop, response: Response, action: { button: string; confirm: string }) => {
  const user = userEvent.setup()
  fetchMock
    .mockResolvedValueOnce(answer(200, { drops: [shown] }))
    .mockResolvedValueOnce(response)
    .mockResolvedValue(answer(200, { drops: [shown] }))
  show()
  await user.click(await screen.findByRole("button", { name: action.button }))
  await user.click(screen.getByRole("button", { name: action.confirm }))
}

const card = () => screen.getByRole("article", { name: "Drop 01: Block Heavyweight" })
/** Each row of a table as its text. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((row) => row.textContent)
const note = () => within(card()).getByRole("status")

describe("the drops on the owner's page", () => {
  it("reads the drops with the secret and shows each one's stage, window, entrants per size, entries per day and hashes", async () => {
    fetchMock.mockResolvedValueOnce(
      answer(200, {
        drops: [
          drop({
            phase: "open",
            ...COMMITTED,
            entrants: { "hoodie/M": 3, "cap/One size": 1 },
            entriesByDay: [
              { day: "2026-12-04", size: "hoodie/M", entries: 2 },
              { day: "2026-12-05", size: "hoodie/M", entries: 1 },
              { day: "2026-12-05", size: "cap/One size", entries: 1 },
            ],
          }),
        ],
      }),
    )
    show()
    expect(screen.getByText(text.loading)).toBeVisible()
    expect(await screen.findByRole("heading", { level: 3, name: "Drop 01: Block Heavyweight" })).toBeVisible()
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/owner/drops",
      expect.objectContaining({ method: "GET", headers: expect.objectContaining({ Authorization: `Bearer ${SECRET}` }) }),
    )
    expect(within(card()).getByText(text.phases.open)).toHaveTextContent(`${text.phase}: ${text.phases.open}`)
    expect(within(card()).getByText(text.opens).nextSibling).toHaveTextContent("Fri 4 Dec 2026, 17:00 UTC")
    const entrants = within(card()).getByRole("table", { name: text.entrants })
    expect(rowsOf(entrants)).toEqual(["SizePiecesEntrants", "Block Heavyweight Hoodie, M253", "Six-Panel Cap, One size401"])
    const byDay = within(card()).getByRole("table", { name: text.byDay })
    // A row a day, the sizes grouped under their piece.
    expect(rowsOf(byDay)).toEqual(["DayBlock Heavyweight HoodieSix-Panel Cap", "MOne size", `${formats.day("2026-12-04")}20`, `${formats.day("2026-12-05")}11`])
    expect(within(byDay).getByRole("columnheader", { name: "Block Heavyweight Hoodie" })).toHaveAttribute("scope", "colgroup")
    expect(within(card()).getByText(text.seedHash).nextSibling).toHaveTextContent(HASH)
    expect(within(card()).getByText(text.beacon).nextSibling).toHaveTextContent(`drand quicknet, round ${COMMITMENT.round}, out at Sun 6 Dec 2026, 17:00 UTC`)
    expect(within(card()).getByText(text.listHash).nextSibling).toHaveTextContent(text.notYet)
    // The site carries the commitment: nothing to publish.
    expect(within(card()).queryByRole("heading", { name: text.publish.heading })).toBeNull()
    // Open: nothing to do but watch.
    expect(within(card()).queryByRole("button")).toBeNull()
  })

  it.each([
    ["no drop declared", answer(200, { drops: [] }), text.none],
    ["an answer it cannot read", answer(200, { drops: [{ drop: "drop-01" }] }), text.failed],
    ["no answer", answer(500, { error: "Something went wrong" }), text.failed],
  ])("says so on %s", async (_case, response, words) => {
    fetchMock.mockResolvedValueOnce(response)
    show()
    expect(await screen.findByText(words)).toBeVisible()
  })

  it("hands a secret that stopped working to the page, which signs out", async () => {
    fetchMock.mockResolvedValueOnce(answer(401, { error: "The owner's secret is missing or wrong" }))
    const { onProblem } = show()
    await waitFor(() => expect(onProblem).toHaveBeenCalledWith({ kind: "wrong" }))
  })
})

describe("committing the seed", () => {
  let saved: Array<{ name: string; text: Promise<string> }>
  beforeEach(() => {
    saved = []
    URL.createObjectURL = jest.fn((blob: Blob) => {
      // jsdom's Blob has no text(): read it as a browser without one would.
      const text = new Promise<string>((resolve) => {
        const reader = new FileReader()
        reader.onload = () => resolve(String(reader.result))
        reader.readAsText(blob)
      })
      saved.push({ name: "", text })
      return "blob:seed"
    })
    URL.revokeObjectURL = jest.fn()
    jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1].name = this.download
    })
  })
  afterEach(() => jest.restoreAllMocks())

  it("asks first, then commits, shows the seed once with a clear 'save this now' and a download of <drop>.seed, and reads the drops again", async () => {
    const user = userEvent.setup()
    fetchMock
      .mockResolvedValueOnce(answer(200, { drops: [drop()] }))
      .mockResolvedValueOnce(answer(200, { ok: true, seed: SEED, commitment: COMMITMENT, seedKept: true }))
      .mockResolvedValueOnce(answer(200, { drops: [drop({ commitment: COMMITMENT, beaconAt: "2026-12-06T17:00:03.000Z" })] }))
    const { onChanged } = show()
    await user.click(await screen.findByRole("button", { name: text.commit.button }))
    expect(screen.getByText(text.commit.question)).toBeVisible()
    expect(screen.getByRole("button", { name: text.commit.cancel })).toHaveFocus()
    expect(posted()).toEqual([])
    await user.click(screen.getByRole("button", { name: text.commit.confirm }))
    const heading = await screen.findByRole("heading", { level: 4, name: text.commit.seedHeading })
    expect(heading).toHaveFocus()
    expect(posted()).toEqual([{ url: "/api/owner/drops", body: { action: "commit", drop: "drop-01" }, auth: `Bearer ${SECRET}` }])
    expect(screen.getByText(text.commit.seedText)).toBeVisible()
    expect(screen.getByRole("region", { name: text.commit.seedHeading })).toHaveTextContent(SEED)
    expect(screen.getByText(text.commit.seedKept)).toBeVisible()
    await waitFor(() => expect(within(card()).getByText(text.seedHash).nextSibling).toHaveTextContent(HASH))
    expect(onChanged).toHaveBeenCalled()
    // The seed stays on screen through the new read, and the action is done.
    expect(screen.getByRole("region", { name: text.commit.seedHeading })).toHaveTextContent(SEED)
    expect(screen.queryByRole("button", { name: text.commit.button })).toBeNull()
    await user.click(screen.getByRole("button", { name: text.commit.download }))
    expect(saved.map(({ name }) => name)).toEqual(["drop-01.seed"])
    expect(await saved[0].text).toBe(`${SEED}\n`)
    await user.click(screen.getByRole("button", { name: text.commit.dismiss }))
    expect(screen.queryByText(SEED)).toBeNull()
    // Until the site carries the commitment, the card says what to put in content/drops.json, and how.
    const publish = within(card()).getByRole("region", { name: text.publish.heading })
    expect(publish).toHaveTextContent(text.publish.text)
    const snippet = within(publish).getByLabelText(text.publish.snippet)
    expect(JSON.parse(`{${snippet.textContent ?? ""}}`)).toEqual({ commitment: COMMITMENT })
  })

  it("says plainly when the server does not keep the seed", async () => {
    const user = userEvent.setup()
    fetchMock
      .mockResolvedValueOnce(answer(200, { drops: [drop()] }))
      .mockResolvedValueOnce(answer(200, { ok: true, seed: SEED, commitment: COMMITMENT, seedKept: false }))
      .mockResolvedValueOnce(answer(200, { drops: [drop({ commitment: COMMITMENT, seedKept: false })] }))
    show()
    await user.click(await screen.findByRole("button", { name: text.commit.button }))
    await user.click(screen.getByRole("button", { name: text.commit.confirm }))
    expect(await screen.findByText(text.commit.seedNotKept)).toBeVisible()
  })

  it("goes back without committing on Not now or Escape", async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValueOnce(answer(200, { drops: [drop()] }))
    show()
    const button = await screen.findByRole("button", { name: text.commit.button })
    await user.click(button)
    await user.keyboard("{Escape}")
    expect(note()).toHaveTextContent(copy.actions.cancelled)
    expect(button).toHaveFocus()
    await user.click(button)
    await user.click(screen.getByRole("button", { name: text.commit.cancel }))
    expect(posted()).toEqual([])
  })

  it.each([
    ["committed already, or too late (409)", answer(409, { error: "This drop's seed was committed already" }), text.commit.conflict],
    ["not answered", answer(500, { error: "Something went wrong" }), text.commit.failed],
  ])("says so when %s", async (_case, response, words) => {
    await confirmAnswered(drop(), response, text.commit)
    await waitFor(() => expect(note()).toHaveTextContent(words))
    expect(screen.queryByRole("heading", { name: text.commit.seedHeading })).toBeNull()
  })
})

describe("running the draw", () => {
  const closed = (overrides: Partial<OwnerDrop> = {}) =>
    drop({ phase: "closed", ...COMMITTED, listHash: "cd".repeat(32), entrants: { "hoodie/M": 4, "cap/One size": 2 }, ...overrides })

  it("with the server's seed: asks first, then draws and says how many won", async () => {
    const user = userEvent.setup()
    fetchMock
      .mockResolvedValueOnce(answer(200, { drops: [closed()] }))
      .mockResolvedValueOnce(answer(200, { ok: true, winners: 6, notified: 0 }))
      .mockResolvedValueOnce(
        answer(200, {
          drops: [
            closed({
              phase: "drawn",
              seed: SEED,
              drawnAt: "2026-12-07T17:00:00.000Z",
              winners: { "hoodie/M": ["a", "b", "c", "d"], "cap/One size": ["e", "f"] },
            }),
          ],
        }),
      )
    show()
    expect(await screen.findByText(text.draw.text)).toBeVisible()
    expect(screen.queryByLabelText(text.draw.seedLabel)).toBeNull()
    await user.click(screen.getByRole("button", { name: text.draw.button }))
    expect(screen.getByRole("button", { name: text.draw.cancel })).toHaveFocus()
    await user.click(screen.getByRole("button", { name: text.draw.confirm }))
    await waitFor(() => expect(note()).toHaveTextContent("The draw is done. Winners: 6."))
    expect(posted()).toEqual([{ url: "/api/owner/drops", body: { action: "draw", drop: "drop-01" }, auth: `Bearer ${SECRET}` }])
    // Drawn: winners per size, the link to check the draw, no more actions.
    await waitFor(() => expect(within(card()).getByText(text.phases.drawn)).toBeVisible())
    const entrants = within(card()).getByRole("table", { name: text.entrants })
    expect(rowsOf(entrants)).toEqual(["SizePiecesEntrantsWinners", "Block Heavyweight Hoodie, M2544", "Six-Panel Cap, One size4022"])
    expect(within(card()).getByRole("link", { name: text.verifyLink })).toHaveAttribute("href", "/drop/#drop-01")
    expect(screen.queryByRole("button", { name: text.draw.button })).toBeNull()
  })

  it("where the server keeps no seed: asks for the saved one first, sends it, and says when it does not match", async () => {
    const user = userEvent.setup()
    fetchMock
      .mockResolvedValueOnce(answer(200, { drops: [closed({ seedKept: false })] }))
      .mockResolvedValueOnce(answer(400, { error: "That seed does not match the hash published before entries opened" }))
    show()
    const field = await screen.findByLabelText(text.draw.seedLabel)
    expect(screen.getByText(text.draw.seedHint)).toBeVisible()
    await user.click(screen.getByRole("button", { name: text.draw.button }))
    expect(note()).toHaveTextContent(text.draw.seedMissing)
    expect(field).toHaveFocus()
    expect(field).toHaveAttribute("aria-invalid", "true")
    expect(screen.queryByText(text.draw.question)).toBeNull()
    await user.type(field, ` ${"0".repeat(64)} `)
    await user.click(screen.getByRole("button", { name: text.draw.button }))
    await user.click(screen.getByRole("button", { name: text.draw.confirm }))
    await waitFor(() => expect(note()).toHaveTextContent(text.draw.seedMismatch))
    expect(posted()).toEqual([{ url: "/api/owner/drops", body: { action: "draw", drop: "drop-01", seed: "0".repeat(64) }, auth: `Bearer ${SECRET}` }])
    expect(field).toHaveFocus()
  })

  it.each([
    [
      "the server has no seed after all (400)",
      answer(400, { error: "The seed is not kept on this server: paste the seed you saved when you committed" }),
      text.draw.seedMissing,
    ],
    ["it cannot be drawn now (409)", answer(409, { error: "This drop was drawn already" }), text.draw.conflict],
    ["it is not answered", answer(502, null), text.draw.failed],
    ["too many tries", answer(429, { error: "Too many requests" }), copy.signIn.tooMany],
  ])("says so when %s", async (_case, response, words) => {
    await confirmAnswered(closed(), response, text.draw)
    await waitFor(() => expect(note()).toHaveTextContent(words))
  })

  it("offers no draw before a drop closes, nor for a drop never committed", async () => {
    fetchMock.mockResolvedValueOnce(
      answer(200, {
        drops: [drop({ phase: "open", ...COMMITTED }), closed({ drop: "drop-02", name: "Drop 02", commitment: null, builtCommitment: null, beaconAt: null })],
      }),
    )
    show()
    expect(await screen.findByRole("heading", { name: "Drop 02" })).toBeVisible()
    expect(screen.queryByRole("button")).toBeNull()
  })

  it("waits for the beacon: says when its round comes out, and where it cannot be fetched takes its signature by hand", async () => {
    const user = userEvent.setup()
    fetchMock
      .mockResolvedValueOnce(answer(200, { drops: [closed()] }))
      .mockResolvedValueOnce(answer(409, { error: "not yet", round: COMMITMENT.round, at: "2026-12-06T17:00:03.000Z" }))
      .mockResolvedValueOnce(answer(503, { error: "unreachable", round: COMMITMENT.round }))
      .mockResolvedValueOnce(answer(200, { ok: true, winners: 6, notified: 0 }))
      .mockResolvedValue(answer(200, { drops: [closed()] }))
    show()
    const run = async () => {
      await user.click(screen.getByRole("button", { name: text.draw.button }))
      await user.click(screen.getByRole("button", { name: text.draw.confirm }))
    }
    await screen.findByRole("button", { name: text.draw.button })
    await run()
    await waitFor(() => expect(note()).toHaveTextContent("The beacon's round comes out at Sun 6 Dec 2026, 17:00 UTC: run the draw after that."))
    expect(screen.queryByLabelText(/signature of beacon round/)).toBeNull()
    await run()
    await waitFor(() =>
      expect(note()).toHaveTextContent(`The beacon couldn't be reached. Try again in a minute, or paste round ${COMMITMENT.round}'s signature below.`),
    )
    const field = screen.getByLabelText(`The signature of beacon round ${COMMITMENT.round}`)
    await user.type(field, " b3b3b3 ")
    await run()
    await waitFor(() => expect(note()).toHaveTextContent("The draw is done. Winners: 6."))
    expect(posted().map(({ body }) => body)).toEqual([
      { action: "draw", drop: "drop-01" },
      { action: "draw", drop: "drop-01" },
      { action: "draw", drop: "drop-01", beacon: "b3b3b3" },
    ])
  })
})

describe("the review of entries from new signups", () => {
  const ENTRIES = ["aaaaaaaaaaaaaaaa", "bbbbbbbbbbbbbbbb", "cccccccccccccccc"]
  const waiting = (overrides: Partial<OwnerDrop> = {}) =>
    drop({
      phase: "open",
      ...COMMITTED,
      review: {
        entries: ENTRIES.map((entryCode, index) => ({
          entryCode,
          size: "hoodie/M",
          enteredAt: "2026-12-04T18:00:00.000Z",
          signedUpAt: "2026-12-02T09:00:00.000Z",
          domain: index < 2 ? "farm.example" : "mail.example",
          network: index < 2 ? 1 : null,
        })),
        clusters: [
          { by: "network", label: "1", entryCodes: ENTRIES.slice(0, 2) },
          { by: "domain", label: "farm.example", entryCodes: ENTRIES.slice(0, 2) },
        ],
      },
      ...overrides,
    })

  it("lists the waiting entries and their groups; a group is let in or left out at once", async () => {
    const user = userEvent.setup()
    fetchMock
      .mockResolvedValueOnce(answer(200, { drops: [waiting()] }))
      .mockResolvedValueOnce(answer(200, { ok: true, changed: 2 }))
      .mockResolvedValueOnce(answer(200, { drops: [waiting()] }))
      .mockResolvedValueOnce(answer(200, { ok: true, changed: 3 }))
      .mockResolvedValue(answer(200, { drops: [drop({ phase: "open", ...COMMITTED })] }))
    const { onChanged } = show()
    const review = await screen.findByRole("region", { name: "Entries waiting for your review (3)" })
    expect(within(review).getByText(text.review.intro)).toBeVisible()
    const groups = within(review).getByRole("list", { name: text.review.clusters })
    expect(
      within(groups)
        .getAllByRole("listitem")
        .map((item) => item.firstChild?.textContent),
    ).toEqual(["Network 1: 2 entries", "Email domain farm.example: 2 entries", "Every waiting entry: 3 entries"])
    const table = within(review).getByRole("table")
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("aaaaaaaaaaaaaaaaBlock Heavyweight Hoodie, MWed 2 Dec 2026, 09:00 UTCNetwork 1farm.example")
    await user.click(within(groups).getByRole("button", { name: "Leave out: Network 1" }))
    await waitFor(() => expect(note()).toHaveTextContent("Left out: 2."))
    expect(onChanged).toHaveBeenCalled()
    await user.click(await within(card()).findByRole("button", { name: "Let in: Every waiting entry" }))
    await waitFor(() => expect(note()).toHaveTextContent("Let in: 3."))
    expect(posted().map(({ body }) => body)).toEqual([
      { action: "review", drop: "drop-01", entries: ENTRIES.slice(0, 2), decision: "leaveOut" },
      { action: "review", drop: "drop-01", entries: ENTRIES, decision: "letIn" },
    ])
    await waitFor(() => expect(screen.queryByRole("region", { name: /Entries waiting for your review/ })).toBeNull())
  })

  it("shows no review once entries have closed", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { drops: [waiting({ phase: "closed" })] }))
    show()
    expect(await screen.findByRole("button", { name: text.draw.button })).toBeVisible()
    expect(screen.queryByRole("region", { name: /Entries waiting for your review/ })).toBeNull()
  })
})
