// The owner's Drops section after entries open: running the draw (with the saved seed where the
// server keeps none, and the beacon's value by hand when it cannot be fetched) with every refusal's
// words, and the review of entries from new signups, by group.
import { screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import type { OwnerDrop } from "../../../lib/owner-drops-client"
import { COMMITMENT, COMMITTED, SECRET, SEED, answer, card, confirmAnswered, copy, drop, fetchMock, note, posted, rowsOf, show, text } from "./drops-fixtures"

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
    expect(screen.getByRole("button", { name: text.draw.confirmStep.cancel })).toHaveFocus()
    await user.click(screen.getByRole("button", { name: text.draw.confirmStep.confirm }))
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
      .mockResolvedValueOnce(answer(400, { error: "That seed does not match the hash published before entries opened", code: "seed_mismatch" }))
    show()
    const field = await screen.findByLabelText(text.draw.seedLabel)
    expect(screen.getByText(text.draw.seedHint)).toBeVisible()
    await user.click(screen.getByRole("button", { name: text.draw.button }))
    expect(note()).toHaveTextContent(text.draw.seedMissing)
    expect(field).toHaveFocus()
    expect(field).toHaveAttribute("aria-invalid", "true")
    expect(screen.queryByText(text.draw.confirmStep.question)).toBeNull()
    await user.type(field, ` ${"0".repeat(64)} `)
    await user.click(screen.getByRole("button", { name: text.draw.button }))
    await user.click(screen.getByRole("button", { name: text.draw.confirmStep.confirm }))
    await waitFor(() => expect(note()).toHaveTextContent(text.draw.seedMismatch))
    expect(posted()).toEqual([{ url: "/api/owner/drops", body: { action: "draw", drop: "drop-01", seed: "0".repeat(64) }, auth: `Bearer ${SECRET}` }])
    expect(field).toHaveFocus()
  })

  it.each([
    [
      "the server has no seed after all (400)",
      answer(400, { error: "The seed is not kept on this server: paste the seed you saved when you committed", code: "seed_not_kept" }),
      text.draw.seedMissing,
    ],
    ["it cannot be drawn now (409)", answer(409, { error: "This drop was drawn already", code: "already_drawn" }), text.draw.conflict],
    ["it is not answered", answer(502, null), text.draw.confirmStep.failed],
    ["too many tries", answer(429, { error: "Too many requests", code: "rate_limited" }), copy.signIn.tooMany],
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
      .mockResolvedValueOnce(answer(409, { error: "not yet", code: "beacon_not_yet", round: COMMITMENT.round, at: "2026-12-06T17:00:03.000Z" }))
      .mockResolvedValueOnce(answer(503, { error: "unreachable", code: "beacon_unreachable", round: COMMITMENT.round }))
      .mockResolvedValueOnce(answer(200, { ok: true, winners: 6, notified: 0 }))
      .mockResolvedValue(answer(200, { drops: [closed()] }))
    show()
    const run = async () => {
      await user.click(screen.getByRole("button", { name: text.draw.button }))
      await user.click(screen.getByRole("button", { name: text.draw.confirmStep.confirm }))
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
