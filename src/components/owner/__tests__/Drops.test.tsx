// The owner's Drops section: each drop's stage, window, entrants and entries per day, its hashes
// and beacon round; committing the seed (asked first, then the seed shown once with its download,
// and what to put into the site while it does not carry the commitment).
import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import {
  COMMITMENT,
  COMMITTED,
  HASH,
  SECRET,
  SEED,
  answer,
  card,
  confirmAnswered,
  copy,
  drop,
  fetchMock,
  formats,
  note,
  posted,
  rowsOf,
  show,
  text,
} from "./drops-fixtures"

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
    fetchMock.mockResolvedValueOnce(answer(401, { error: "The owner's secret is missing or wrong", code: "owner_secret_wrong" }))
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
    expect(screen.getByText(text.commit.confirmStep.question)).toBeVisible()
    expect(screen.getByRole("button", { name: text.commit.confirmStep.cancel })).toHaveFocus()
    expect(posted()).toEqual([])
    await user.click(screen.getByRole("button", { name: text.commit.confirmStep.confirm }))
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
    await user.click(screen.getByRole("button", { name: text.commit.confirmStep.confirm }))
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
    await user.click(screen.getByRole("button", { name: text.commit.confirmStep.cancel }))
    expect(posted()).toEqual([])
  })

  it.each([
    ["committed already, or too late (409)", answer(409, { error: "This drop's seed was committed already", code: "seed_committed" }), text.commit.conflict],
    ["not answered", answer(500, { error: "Something went wrong" }), text.commit.confirmStep.failed],
  ])("says so when %s", async (_case, response, words) => {
    await confirmAnswered(drop(), response, text.commit)
    await waitFor(() => expect(note()).toHaveTextContent(words))
    expect(screen.queryByRole("heading", { name: text.commit.seedHeading })).toBeNull()
  })
})
