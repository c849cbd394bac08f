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
   * Whether transactions asked for together share one commit here (SQLite: see
   * sqlite-database.ts), so callers need not gather small writes into one transaction themselves.
   */
  readonly groupsCommits: boolean
  /**
   * Runs `work` in one write transaction: committed when it resolves, rolled back when it throws.
   * A deadlock or serialization failure runs it again, a few times.
   */
  transaction<Result>(work: (tx: SqlExecutor) => Promise<Result>): Promise<Result>
  /**
   * After an erasure: leaves no copy of deleted rows in the database's own files where the engine
   * allows it. SQLite (whose `secure_delete` zeroes deleted content in the file) folds its
   * write-ahead log back into the file and truncates it; PostgreSQL reclaims dead rows by its
   * own vacuum.
   */
  purgeDeleted(): Promise<void>
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
 * Group commit for small writes: the works that arrive in one turn of the event loop, or while
 * the batch before them commits, run one after another in one transaction, one durable commit
 * (every commit waits for the disk, so a commit each would queue writers behind it). If the
 * batch fails, each work runs alone, so one failing work fails only itself. A database that
 * groups commits itself is left to do it, so these share a commit with other writes too.
 */
export const groupCommit = (transaction: SqlDatabase["transaction"], groupsCommits: boolean) => {
  if (groupsCommits) return transaction
  type Queued = { work: (tx: SqlExecutor) => Promise<unknown>; resolve(value: unknown): void; reject(error: unknown): void }
  let waiting: Queued[] = []
  let writing = false
  const writeBatches = async (): Promise<void> => {
    writing = true
    try {
      while (waiting.length > 0) {
        const batch = waiting
        waiting = []
        try {
          const results = await transaction(async (tx) => {
            const done: unknown[] = []
            for (const { work } of batch) done.push(await work(tx))
            return done
          })
          batch.forEach((queued, index) => queued.resolve(results[index]))
        } catch {
          for (const queued of batch) await transaction(queued.work).then(queued.resolve, queued.reject)
        }
      }
    } finally {
      writing = false
    }
  }
  return <Result>(work: (tx: SqlExecutor) => Promise<Result>): Promise<Result> =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ work, resolve: resolve as (value: unknown) => void, reject })
      if (!writing && waiting.length === 1) setImmediate(() => void writeBatches())
    })
}
