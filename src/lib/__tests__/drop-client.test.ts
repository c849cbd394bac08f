import { COMMITMENT, scheduledRecord, SEED_HASH as HASH } from "../../../test/drop-fixtures"
import { dropRecordUrl, entryListUrl, fetchEntryList, fetchPublishedDrop, readPublishedDrop } from "../drop-client"

const answer = (status: number, body: unknown): typeof fetch =>
  jest.fn(async () => ({ status, json: async () => body, text: async () => String(body) }) as unknown as Response)

describe("the drop endpoints", () => {
  it("sit next to the signup endpoint, naming the drop", () => {
    expect(dropRecordUrl("drop-01")).toBe("/api/drop?drop=drop-01")
    expect(entryListUrl("drop-01")).toBe("/api/drop/entries?drop=drop-01")
  })
})

describe("readPublishedDrop", () => {
  it("takes a drop's record as the server publishes it", () => {
    expect(readPublishedDrop(scheduledRecord(), "drop-01")).toEqual(scheduledRecord())
  })

  it("takes a drawn record with winners and promotions, and one from before promotions existed", () => {
    const drawn = {
      ...scheduledRecord(),
      phase: "drawn",
      listHash: HASH,
      frozenAt: "x",
      seed: HASH,
      drawnAt: "y",
      beacon: { round: COMMITMENT.round, signature: "b3".repeat(48) },
      winners: { "hoodie/S": ["abcdefgh"] },
      promoted: { "hoodie/S": [] },
    }
    expect(readPublishedDrop(drawn, "drop-01")).toMatchObject({
      phase: "drawn",
      beacon: { round: COMMITMENT.round, signature: "b3".repeat(48) },
      winners: { "hoodie/S": ["abcdefgh"] },
    })
    const { promoted: _promoted, ...older } = drawn
    expect(readPublishedDrop(older, "drop-01")).toMatchObject({ promoted: null })
  })

  it.each([
    ["another drop's record", { ...scheduledRecord(), drop: "drop-02" }],
    ["an unknown stage", { ...scheduledRecord(), phase: "paused" }],
    ["a commitment whose hash is not text", { ...scheduledRecord(), commitment: { ...COMMITMENT, seedHash: 42 } }],
    ["a commitment without its round", { ...scheduledRecord(), commitment: { ...COMMITMENT, round: "soon" } }],
    ["a beacon that is not a round and a signature", { ...scheduledRecord(), beacon: { round: 3, signature: "not hex" } }],
    ["entrants that are not counts", { ...scheduledRecord(), entrants: { "hoodie/S": -1 } }],
    ["a frozen list's hash that is not text", { ...scheduledRecord(), listHash: ["a"] }],
    ["winners that are not lists of ids", { ...scheduledRecord(), winners: { "hoodie/S": "abc" } }],
    ["a stock without pieces", { ...scheduledRecord(), stock: [{ size: "hoodie/S" }] }],
    ["no record at all", null],
    ["a list", []],
  ])("refuses %s", (_what, body) => {
    expect(readPublishedDrop(body, "drop-01")).toBeNull()
  })
})

describe("fetchPublishedDrop", () => {
  it("finds the record the server answers", async () => {
    const fetchImpl = answer(200, scheduledRecord())
    expect(await fetchPublishedDrop("drop-01", { fetchImpl })).toEqual({ kind: "found", record: scheduledRecord() })
    expect(fetchImpl).toHaveBeenCalledWith("/api/drop?drop=drop-01", expect.objectContaining({ method: "GET" }))
  })

  it.each([
    ["404: no record yet (or no drop service)", answer(404, { error: "unknown drop" })],
    ["a server error", answer(500, null)],
    ["a malformed record", answer(200, { drop: "drop-01" })],
    [
      "no answer at all",
      jest.fn(async () => {
        throw new TypeError("network down")
      }) as unknown as typeof fetch,
    ],
  ])("is unavailable on %s", async (_what, fetchImpl) => {
    expect(await fetchPublishedDrop("drop-01", { fetchImpl })).toEqual({ kind: "unavailable" })
  })
})

describe("fetchEntryList", () => {
  it("gives the list's exact text", async () => {
    const text = "abcdefgh\thoodie/S\t1\n"
    const fetchImpl = answer(200, text)
    expect(await fetchEntryList("drop-01", { fetchImpl })).toBe(text)
    expect(fetchImpl).toHaveBeenCalledWith("/api/drop/entries?drop=drop-01", expect.anything())
  })

  it("gives null when the list cannot be had", async () => {
    expect(await fetchEntryList("drop-01", { fetchImpl: answer(404, "no") })).toBeNull()
    const down = jest.fn(async () => {
      throw new TypeError("network down")
    }) as unknown as typeof fetch
    expect(await fetchEntryList("drop-01", { fetchImpl: down })).toBeNull()
  })
})
