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

export const isStoreUnavailable = (error: unknown): error is StoreUnavailableError => error instanceof StoreUnavailableError
