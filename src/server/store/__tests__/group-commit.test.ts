// Group commit: what arrives together shares one transaction, and one bad item fails only itself.
import { groupCommit, type SqlExecutor } from "../database"

/** A stand-in transaction that records which items ran in it and rolls back (drops them) when the work throws. */
const recordingTransactions = () => {
  const committed: number[][] = []
  const transaction = async <Result>(work: (tx: SqlExecutor) => Promise<Result>): Promise<Result> => {
    const group: number[] = []
    const tx = { query: async (_text: string, values?: readonly unknown[]) => (group.push(Number(values?.[0])), []) } as unknown as SqlExecutor
    const result = await work(tx)
    committed.push(group)
    return result
  }
  return { committed, transaction }
}

const double = async (tx: SqlExecutor, items: number[]): Promise<number[]> => {
  for (const item of items) {
    if (item < 0) throw new Error(`refused ${item}`)
    await tx.query("insert", [item])
  }
  return items.map((item) => item * 2)
}

it("answers items that arrive together from one transaction, each with its own result", async () => {
  const { committed, transaction } = recordingTransactions()
  const run = groupCommit(transaction, double)
  await expect(Promise.all([1, 2, 3].map(run))).resolves.toEqual([2, 4, 6])
  expect(committed).toEqual([[1, 2, 3]])
})

it("puts what arrives while a group commits into the next group", async () => {
  const { committed, transaction } = recordingTransactions()
  const run = groupCommit(transaction, double)
  const first = run(1)
  await new Promise((resolve) => setImmediate(resolve))
  const later = [run(2), run(3)]
  await expect(Promise.all([first, ...later])).resolves.toEqual([2, 4, 6])
  expect(committed).toEqual([[1], [2, 3]])
})

it("fails only the item that fails: the rest of its group is tried alone and commits", async () => {
  const { committed, transaction } = recordingTransactions()
  const run = groupCommit(transaction, double)
  const results = await Promise.allSettled([1, -1, 3].map(run))
  expect(results).toEqual([
    { status: "fulfilled", value: 2 },
    { status: "rejected", reason: new Error("refused -1") },
    { status: "fulfilled", value: 6 },
  ])
  expect(committed).toEqual([[1], [3]])
})
