/**
 * Signups are stored in batches (group commit): those that arrive in one turn of the event loop,
 * or while the batch before them commits, go in one transaction, one durable commit, so batches
 * never queue for each other's locks. Repeats of an address in a batch are told it is taken; if
 * the batch fails, each signup is tried alone, so one refused signup fails only itself.
 */
import type { InsertBatch } from "./signup-insert"
import type { AddResult, NewSignup, SignupsStore } from "./contract/signups"

/** A signup waiting for its batch, and how to answer it. */
interface Waiting {
  signup: NewSignup
  settle(result: AddResult): void
  fail(error: unknown): void
}

/** The store's `add`: each signup joins the next batch `insertBatch` writes. */
export function batchedAdd(insertBatch: InsertBatch): SignupsStore["add"] {
  let waiting: Waiting[] = []
  let writing = false

  /** One batch at a time (group commit): what arrives while one commits goes in the next. */
  async function writeBatches(): Promise<void> {
    writing = true
    try {
      while (waiting.length > 0) {
        const batch = waiting
        waiting = []
        await runBatch(batch).catch((error: unknown) => batch.forEach((entry) => entry.fail(error)))
      }
    } finally {
      writing = false
    }
  }

  function insertAlone({ signup, settle, fail }: Waiting): Promise<void> {
    return insertBatch([signup]).then((answers) => {
      const answer = answers.get(signup.emailKey)
      if (answer) settle(answer)
      else fail(new Error("the signup was neither added nor found"))
    }, fail)
  }

  async function runBatch(batch: Waiting[]): Promise<void> {
    const firstOfKey = new Map<string, Waiting>()
    for (const entry of batch) if (!firstOfKey.has(entry.signup.emailKey)) firstOfKey.set(entry.signup.emailKey, entry)
    let answers: Map<string, AddResult>
    try {
      answers = await insertBatch([...firstOfKey.values()].map(({ signup }) => signup))
    } catch (error) {
      if (firstOfKey.size === 1) {
        for (const entry of batch) entry.fail(error)
        return
      }
      await Promise.all([...firstOfKey.values()].map(insertAlone))
      answers = new Map()
    }
    for (const entry of batch) {
      const answer = answers.get(entry.signup.emailKey)
      if (firstOfKey.get(entry.signup.emailKey) === entry) {
        if (answer) entry.settle(answer)
        continue
      }
      // A repeat within the batch: its address is taken by the first, whatever became of it.
      void Promise.resolve()
        .then(async () => answer ?? (await insertBatch([entry.signup])).get(entry.signup.emailKey))
        .then((result) => (result?.kind === "added" ? { kind: "duplicate" as const, signup: result.signup } : result))
        .then((result) => (result ? entry.settle(result) : entry.fail(new Error("the signup was neither added nor found"))), entry.fail)
    }
  }

  return (signup) =>
    new Promise((settle, fail) => {
      waiting.push({ signup, settle, fail })
      if (!writing && waiting.length === 1) setImmediate(() => void writeBatches())
    })
}
