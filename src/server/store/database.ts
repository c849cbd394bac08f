/**
 * What the store needs of a SQL database, met by SQLite (embedded, node:sqlite) and PostgreSQL
 * (pg). Statements are written once, in the SQL both engines speak, with `$1`-style parameters.
 */

export type Engine = "sqlite" | "postgres"

export type Row = Record<string, unknown>

export interface SqlExecutor {
  query<Result extends object = Row>(text: string, values?: readonly unknown[]): Promise<Result[]>
}

export interface SqlDatabase extends SqlExecutor {
  readonly engine: Engine
  /**
   * Runs `work` in one write transaction: committed when it resolves, rolled back when it throws.
   * A deadlock or serialization failure runs it again, a few times.
   */
  transaction<Result>(work: (tx: SqlExecutor) => Promise<Result>): Promise<Result>
  /**
   * After an erasure: asks for no copy of deleted rows to stay in the database's own files where
   * the engine allows it, off the request path (nobody waits for it). SQLite (whose
   * `secure_delete` zeroes deleted content in the file) folds its write-ahead log back into the
   * file and empties it on its checkpointer's thread, as soon as no reader (a backup, an export)
   * still reads the log; PostgreSQL reclaims dead rows by its own vacuum.
   */
  purgeDeleted(): void
  /**
   * Resolves once every purge asked so far is done: what was erased is in none of the database's
   * files. Rejects when the database closed while a reader still kept the log.
   */
  purged(): Promise<void>
  /** The rows of a long query, a page at a time, all from one snapshot (for exports). */
  stream<Result extends object = Row>(text: string, values: readonly unknown[], pageSize: number): AsyncIterable<Result[]>
  close(): Promise<void>
}

/**
 * The database cannot be reached or is too busy right now: the request is answered 503 with
 * Retry-After and may be sent again; nothing was stored.
 */
export class StoreUnavailableError extends Error {
  readonly retryAfterSeconds: number

  constructor(message: string, options: { cause?: unknown; retryAfterSeconds?: number } = {}) {
    super(message, { cause: options.cause })
    this.name = "StoreUnavailableError"
    this.retryAfterSeconds = options.retryAfterSeconds ?? 5
  }
}

/** Rows per multi-row statement: SQLite takes at most 32,766 parameters in one. */
const ROWS_PER_STATEMENT = 200

/** `$first, $first+1, ...` for `count` values. */
export const parameters = (count: number, first = 1): string => Array.from({ length: count }, (_, index) => `$${first + index}`).join(", ")

/**
 * Inserts `rows` (values in `columns` order) a few hundred per statement; `then` follows the
 * values (`on conflict ... returning ...`), and what the statements return comes back.
 */
export const insertRows = async <Result extends object = Row>(
  tx: SqlExecutor,
  table: string,
  columns: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
  then = "",
): Promise<Result[]> => {
  const returned: Result[] = []
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT)
    const values = chunk.map((_, row) => `(${parameters(columns.length, row * columns.length + 1)})`).join(", ")
    returned.push(...(await tx.query<Result>(`insert into ${table} (${columns.join(", ")}) values ${values} ${then}`, chunk.flat())))
  }
  return returned
}

export const isStoreUnavailable = (error: unknown): error is StoreUnavailableError => error instanceof StoreUnavailableError

/**
 * Group commit for small writes: the items that arrive in one turn of the event loop, or while
 * the group before them commits, are written by `runGroup` in one transaction, one durable
 * commit (every commit waits for the disk, so a commit each would queue writers behind it), and
 * each is answered with its own result. If the group fails, each item is written alone, so one
 * failing item fails only itself.
 */
export const groupCommit = <Item, Result>(
  transaction: SqlDatabase["transaction"],
  runGroup: (tx: SqlExecutor, items: Item[]) => Promise<Result[]>,
): ((item: Item) => Promise<Result>) => {
  type Queued = { item: Item; resolve(result: Result): void; reject(error: unknown): void }
  let waiting: Queued[] = []
  let writing = false
  const writeGroups = async (): Promise<void> => {
    writing = true
    try {
      while (waiting.length > 0) {
        const group = waiting
        waiting = []
        try {
          const results = await transaction((tx) =>
            runGroup(
              tx,
              group.map((queued) => queued.item),
            ),
          )
          group.forEach((queued, index) => queued.resolve(results[index]))
        } catch {
          for (const queued of group) await transaction((tx) => runGroup(tx, [queued.item])).then(([result]) => queued.resolve(result), queued.reject)
        }
      }
    } finally {
      writing = false
    }
  }
  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject })
      if (!writing && waiting.length === 1) setImmediate(() => void writeGroups())
    })
}

/** Unlike writes, for `groupCommit`: each work runs in turn in the group's transaction. */
export const eachInTurn = async <Result>(tx: SqlExecutor, works: Array<(tx: SqlExecutor) => Promise<Result>>): Promise<Result[]> => {
  const results: Result[] = []
  for (const work of works) results.push(await work(tx))
  return results
}
