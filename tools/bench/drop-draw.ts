// How long the drop's draw takes at scale, with the server's synchronous node:crypto hasher.
// Run on its own: npx tsx tools/bench/drop-draw.ts [entries] (default 1,000,000).
import { createHash, createHmac, createSecretKey, randomBytes } from "node:crypto"
import type { SizeStock } from "../../src/drop/contract"
import { drawKey, drawWinners, type TicketHasher } from "../../src/drop/draw"
import { entryListText, type DrawEntry } from "../../src/drop/entry-list"

const SIZES = ["hoodie/S", "hoodie/M", "hoodie/L", "hoodie/XL", "cap/One size"]
/** Tickets for 20 entries in a row: mostly 1, some 2 to 4 (1.35 on average). */
const TICKET_MIX = [1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 2, 1, 1, 4]

/** The server's hasher: HMAC-SHA256 keyed with the draw key's text, answered synchronously. */
export const nodeTicketHasher = (drawKeyText: string): TicketHasher => {
  const key = createSecretKey(Buffer.from(drawKeyText, "utf8"))
  return (message) => createHmac("sha256", key).update(message).digest("hex")
}

/** A synthetic frozen list: ids from a counter in base 36, sizes and tickets spread evenly. */
export const syntheticEntries = (count: number): DrawEntry[] =>
  Array.from({ length: count }, (_, i) => ({
    id: i.toString(36).padStart(10, "0"),
    size: SIZES[i % SIZES.length],
    // 7 is prime to 20 and 5, so ticket counts do not line up with sizes.
    tickets: TICKET_MIX[(i * 7) % TICKET_MIX.length],
  }))

/** Times `drawWinners` alone over `entries` synthetic entries; the list and its hash come first. */
export async function timeDraw(entries: number): Promise<{ ms: number; tickets: number }> {
  const list = syntheticEntries(entries)
  const stock: SizeStock[] = SIZES.map((size) => ({ size, pieces: 25 }))
  const key = drawKey(randomBytes(32).toString("hex"), randomBytes(48).toString("hex"))
  const listHash = createHash("sha256").update(entryListText(list), "utf8").digest("hex")
  const tickets = list.reduce((sum, entry) => sum + entry.tickets, 0)

  const started = performance.now()
  await drawWinners({ entries: list, stock, key, listHash, hasher: nodeTicketHasher(key) })
  return { ms: performance.now() - started, tickets }
}

if (require.main === module) {
  const entries = Number(process.argv[2] ?? 1_000_000)
  timeDraw(entries)
    .then(({ ms, tickets }) => {
      const count = (value: number) => value.toLocaleString("en-US")
      console.log(`draw of ${count(entries)} entries, ${count(tickets)} tickets: ${(ms / 1000).toFixed(2)} s`)
    })
    .catch((error: unknown) => {
      console.error("drop-draw:", error instanceof Error ? error.message : error)
      process.exit(1)
    })
}
