import { createHash, createHmac } from "node:crypto"
import type { SizeStock } from "../contract"
import { drawKey, drawWinners, newSeed, seedHash, webCryptoTicketHasher, type TicketHasher } from "../draw"
import { entryListHash, entryListText, findEntry, parseEntryList, sha256Hex, type DrawEntry } from "../entry-list"

/** The server's kind of hasher, written here on node:crypto, apart from the module's Web Crypto one. */
const nodeHasher =
  (key: string): TicketHasher =>
  (message) =>
    createHmac("sha256", key).update(message, "utf8").digest("hex")
const nodeSha256 = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex")

const SEED = nodeSha256("the owner's seed")
const OTHER_SEED = nodeSha256("another seed")
/** A beacon round's signature: 48 bytes, as quicknet's are. */
const SIGNATURE = nodeSha256("a beacon round") + nodeSha256("its signature").slice(0, 32)
const OTHER_SIGNATURE = nodeSha256("another round") + nodeSha256("its signature").slice(0, 32)
const KEY = drawKey(SEED, SIGNATURE)

const SMALL_LIST: DrawEntry[] = [
  { id: "zz000001", size: "cap/One size", tickets: 1 },
  { id: "a0000002", size: "hoodie/M", tickets: 3 },
  { id: "m0000003", size: "hoodie/Größe", tickets: 2 },
]
/** The same list written out by hand in the canonical format. */
const SMALL_TEXT = "a0000002\thoodie/M\t3\nm0000003\thoodie/Größe\t2\nzz000001\tcap/One size\t1\n"

const orders = <T>(items: T[]): T[][] =>
  items.length <= 1 ? [items] : items.flatMap((item, i) => orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]))

/** `count` entries over the given sizes, with 1 to 3 tickets. */
const someEntries = (count: number, sizes: string[]): DrawEntry[] =>
  Array.from({ length: count }, (_, i) => ({ id: `entry${String(i).padStart(4, "0")}`, size: sizes[i % sizes.length], tickets: 1 + (i % 3) }))

describe("the entry list", () => {
  it("is the entries sorted by id, one tab-separated line each, whatever order they come in", () => {
    for (const order of orders(SMALL_LIST)) expect(entryListText(order)).toBe(SMALL_TEXT)
    expect(entryListText([])).toBe("")
  })

  it("hashes to SHA-256 of that text as UTF-8, whatever order the entries come in", async () => {
    const expected = nodeSha256(SMALL_TEXT)
    for (const order of orders(SMALL_LIST)) expect(await entryListHash(order)).toBe(expected)
    expect(await sha256Hex("")).toBe(nodeSha256(""))
    expect(await entryListHash([{ ...SMALL_LIST[0], tickets: 2 }, ...SMALL_LIST.slice(1)])).not.toBe(expected)
  })

  it("reads back exactly what was written", () => {
    const entries = parseEntryList(SMALL_TEXT)
    expect(entries).toEqual([SMALL_LIST[1], SMALL_LIST[2], SMALL_LIST[0]])
    expect(entryListText(entries)).toBe(SMALL_TEXT)
    expect(parseEntryList("")).toEqual([])
  })

  it.each([
    ["a repeated id", [SMALL_LIST[0], { ...SMALL_LIST[0], size: "hoodie/M" }], /names entry "zz000001" twice/],
    ["a short id", [{ id: "abc", size: "hoodie/M", tickets: 1 }], /8 to 64 characters of 0-9 and a-z/],
    ["an id with capitals", [{ id: "ABCDEFGH", size: "hoodie/M", tickets: 1 }], /8 to 64 characters/],
    ["a size with a tab", [{ id: "abcdefgh", size: "hoodie\tM", tickets: 1 }], /without tabs or line breaks/],
    ["an empty size", [{ id: "abcdefgh", size: "", tickets: 1 }], /non-empty/],
    ["zero tickets", [{ id: "abcdefgh", size: "hoodie/M", tickets: 0 }], /whole number of at least 1 \(got 0\)/],
    ["part of a ticket", [{ id: "abcdefgh", size: "hoodie/M", tickets: 1.5 }], /whole number of at least 1 \(got 1.5\)/],
  ])("refuses %s, saying why", (_, entries, message) => {
    expect(() => entryListText(entries)).toThrow(message)
  })

  it.each([
    ["a missing field", "abcdefgh\thoodie/M\t1\nbcdefghi\thoodie/M\n", /^Line 2 of the entry list should be id, size and tickets separated by tabs/],
    ["a blank line", "abcdefgh\thoodie/M\t1\n\nbcdefghi\thoodie/M\t1\n", /^Line 2 of the entry list should be/],
    ["tickets written with a leading zero", "abcdefgh\thoodie/M\t01\n", /^Line 1 of the entry list: tickets must be a whole number/],
    ["zero tickets", "abcdefgh\thoodie/M\t1\nbcdefghi\thoodie/M\t0\n", /^Line 2 .*\(got "0"\)/],
    ["a bad id", "abcdefgh\thoodie/M\t1\nBAD\thoodie/M\t1\n", /^Line 2 .*8 to 64 characters/],
    ["ids out of order", "bcdefghi\thoodie/M\t1\nabcdefgh\thoodie/M\t1\n", /^Line 2 .*"abcdefgh" follows "bcdefghi"/],
    ["a repeated id", "abcdefgh\thoodie/M\t1\nabcdefgh\tcap/One size\t1\n", /^Line 2 .*unique and in order/],
    ["no line break at the end", "abcdefgh\thoodie/M\t1", /must end with a line break/],
  ])("when read, refuses %s, naming the line", (_, text, message) => {
    expect(() => parseEntryList(text)).toThrow(message)
  })
})

describe("finding one entry in the published list", () => {
  it("finds an entry's line, size and tickets by its id alone, and says when it is not there", () => {
    expect(findEntry(SMALL_TEXT, "a0000002")).toEqual({ kind: "found", line: 1, entry: SMALL_LIST[1] })
    expect(findEntry(SMALL_TEXT, "m0000003")).toEqual({ kind: "found", line: 2, entry: SMALL_LIST[2] })
    expect(findEntry(SMALL_TEXT, "zz000001")).toEqual({ kind: "found", line: 3, entry: SMALL_LIST[0] })
    // An id that is only the start of another's, or the end of a line, is not that entry.
    expect(findEntry(SMALL_TEXT, "a000000")).toEqual({ kind: "missing" })
    expect(findEntry(SMALL_TEXT, "0000002")).toEqual({ kind: "missing" })
    expect(findEntry("", "a0000002")).toEqual({ kind: "missing" })
  })
})

describe("the seed", () => {
  it("is 32 random bytes in lowercase hex, and its published hash is SHA-256 of its text", async () => {
    const seed = newSeed()
    expect(seed).toMatch(/^[0-9a-f]{64}$/)
    expect(newSeed()).not.toBe(seed)
    expect(await seedHash(seed)).toBe(nodeSha256(seed))
  })

  it("must be 64 lowercase hexadecimal characters", async () => {
    await expect(seedHash(SEED.toUpperCase())).rejects.toThrow("The seed must be 64 lowercase hexadecimal characters")
    await expect(seedHash("abc")).rejects.toThrow("64 lowercase hexadecimal")
    expect(() => drawKey("abc", SIGNATURE)).toThrow("64 lowercase hexadecimal")
    await expect(webCryptoTicketHasher("abc")).rejects.toThrow("the seed and the beacon's signature")
    await expect(drawWinners({ entries: [], stock: [], key: SEED, listHash: SEED })).rejects.toThrow("the seed and the beacon's signature")
  })
})

describe("the draw key", () => {
  it("is the seed and the beacon round's signature together, and needs a signature of whole bytes in hex", () => {
    expect(drawKey(SEED, SIGNATURE)).toBe(`${SEED}:${SIGNATURE}`)
    expect(() => drawKey(SEED, "")).toThrow("The beacon's signature must be lowercase hexadecimal")
    expect(() => drawKey(SEED, "abc")).toThrow("The beacon's signature must be lowercase hexadecimal")
    expect(() => drawKey(SEED, SIGNATURE.toUpperCase())).toThrow("The beacon's signature must be lowercase hexadecimal")
  })
})

describe("the draw", () => {
  const STOCK: SizeStock[] = [
    { size: "hoodie/M", pieces: 4 },
    { size: "cap/One size", pieces: 2 },
    { size: "hoodie/XL", pieces: 3 },
  ]
  const ENTRIES = someEntries(60, ["hoodie/M", "cap/One size"])

  it("ranks each size by each entry's lowest ticket hash, then id: the first pieces win, the rest are the reserve", async () => {
    const listHash = nodeSha256(entryListText(ENTRIES))
    const result = await drawWinners({ entries: ENTRIES, stock: STOCK, key: KEY, listHash, hasher: nodeHasher(KEY) })

    // The rule worked out here on its own: HMAC(`${seed}:${signature}`, `${listHash}:${id}:${ticket}`), lowest per entry.
    const score = (entry: DrawEntry): string =>
      Array.from({ length: entry.tickets }, (_, t) =>
        createHmac("sha256", `${SEED}:${SIGNATURE}`)
          .update(`${listHash}:${entry.id}:${t + 1}`)
          .digest("hex"),
      ).sort()[0]
    const ranked = (size: string): string[] =>
      ENTRIES.filter((entry) => entry.size === size)
        .map((entry) => [score(entry), entry.id])
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([, id]) => id)
    expect(result.bySize).toEqual([
      { size: "hoodie/M", pieces: 4, entrants: 30, winners: ranked("hoodie/M").slice(0, 4), reserve: ranked("hoodie/M").slice(4) },
      { size: "cap/One size", pieces: 2, entrants: 30, winners: ranked("cap/One size").slice(0, 2), reserve: ranked("cap/One size").slice(2) },
      { size: "hoodie/XL", pieces: 3, entrants: 0, winners: [], reserve: [] },
    ])
  })

  it("gives the same winners for the same data, whatever order the entries come in", async () => {
    const listHash = await entryListHash(ENTRIES)
    const first = await drawWinners({ entries: ENTRIES, stock: STOCK, key: KEY, listHash })
    const again = await drawWinners({ entries: [...ENTRIES].reverse(), stock: STOCK, key: KEY, listHash })
    expect(again).toEqual(first)
  })

  it("changes with the seed, with the beacon's value and with the list hash", async () => {
    const listHash = await entryListHash(ENTRIES)
    const winners = async (key: string, hash: string) =>
      (await drawWinners({ entries: ENTRIES, stock: STOCK, key, listHash: hash, hasher: nodeHasher(key) })).bySize.map((size) => size.winners)
    const drawn = await winners(KEY, listHash)
    expect(await winners(drawKey(OTHER_SEED, SIGNATURE), listHash)).not.toEqual(drawn)
    expect(await winners(drawKey(SEED, OTHER_SIGNATURE), listHash)).not.toEqual(drawn)
    expect(await winners(KEY, nodeSha256("another list"))).not.toEqual(drawn)
  })

  it("gives the same results with the Web Crypto hasher and a node:crypto one", async () => {
    const entries = someEntries(400, ["hoodie/M", "cap/One size"])
    const listHash = await entryListHash(entries)
    const webCrypto = await webCryptoTicketHasher(KEY)
    for (const message of [`${listHash}:entry0001:1`, "", "Größe ✓"]) expect(await webCrypto(message)).toBe(nodeHasher(KEY)(message))

    const withNode = await drawWinners({ entries, stock: STOCK, key: KEY, listHash, hasher: nodeHasher(KEY) })
    expect(await drawWinners({ entries, stock: STOCK, key: KEY, listHash, hasher: webCrypto })).toEqual(withNode)
    expect(await drawWinners({ entries, stock: STOCK, key: KEY, listHash })).toEqual(withNode)
  })

  it("puts everyone on the reserve list of a size with no pieces, and lets everyone win when pieces are plenty", async () => {
    const entries = someEntries(6, ["hoodie/M", "cap/One size"])
    const stock = [
      { size: "hoodie/M", pieces: 0 },
      { size: "cap/One size", pieces: 10 },
    ]
    const result = await drawWinners({ entries, stock, key: KEY, listHash: SEED, hasher: nodeHasher(KEY) })
    expect(result.bySize.map(({ winners, reserve }) => [winners.length, reserve.length])).toEqual([
      [0, 3],
      [3, 0],
    ])
  })

  it.each([
    [
      "an entry for a size not in stock",
      [{ id: "abcdefgh", size: "hoodie/XXL", tickets: 1 }],
      STOCK,
      /entry "abcdefgh" is for size "hoodie\/XXL", which is not in the stock/,
    ],
    ["a repeated entry id", [ENTRIES[0], { ...ENTRIES[0], size: "hoodie/XL" }], STOCK, /names entry "entry0000" twice/],
    ["a bad entry", [{ ...ENTRIES[0], tickets: 0 }], STOCK, /bad entry: entry "entry0000": tickets must be/],
    ["a size named twice in stock", [], [...STOCK, STOCK[0]], /The stock names size "hoodie\/M" twice/],
    ["a negative stock", [], [{ size: "hoodie/M", pieces: -1 }], /pieces must be a whole number of at least 0/],
  ])("refuses %s", async (_, entries, stock, message) => {
    await expect(drawWinners({ entries, stock, key: KEY, listHash: SEED, hasher: nodeHasher(KEY) })).rejects.toThrow(message)
  })

  it("refuses a hasher whose hashes do not compare as numbers", async () => {
    const shouting: TicketHasher = (message) => (nodeHasher(KEY)(message) as string).toUpperCase()
    await expect(drawWinners({ entries: ENTRIES, stock: STOCK, key: KEY, listHash: SEED, hasher: shouting })).rejects.toThrow(
      "The ticket hasher must answer 64 lowercase hexadecimal characters",
    )
  })
})
