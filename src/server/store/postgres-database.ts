/**
 * PostgreSQL through node-postgres, for any managed PostgreSQL (Neon, Supabase, RDS), also behind
 * a transaction pooler (PgBouncer, Neon's `-pooler` URL): no named prepared statements, no
 * session state, migrations locked per transaction.
 *
 * It fails fast: a connection is given up after a few seconds, a statement after ten, and any
 * failure to reach the database becomes a StoreUnavailableError (503 with Retry-After, never a
 * hang). The pool reconnects by itself on the next request once the database is back.
 */
import pg from "pg"
import { StoreUnavailableError, type SqlDatabase, type SqlExecutor } from "./database"

export interface PostgresOptions {
  connectionString: string
  /** Connections per process. */
  poolSize: number
}

export const CONNECT_TIMEOUT_MS = 3_000
export const STATEMENT_TIMEOUT_MS = 10_000
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000

/**
 * SQLSTATE classes and codes that mean "not reachable now", not "this request is wrong": shut
 * down, too many connections, out of resources (53100: the disk is full), cancelled, an I/O error (58030).
 */
const UNAVAILABLE_CODES = new Set(["57P01", "57P02", "57P03", "53300", "53000", "53100", "57014", "58030"])
const UNAVAILABLE_SYSTEM_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE", "EAI_AGAIN"])
const RETRIED_CODES = new Set(["40P01", "40001"])

const isUnavailable = (error: unknown): boolean => {
  // Not `instanceof Error`: errors made in another realm (a test sandbox) fail that check.
  if (typeof error !== "object" || error === null) return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SYSTEM_CODES.has(code) || code.startsWith("08"))) return true
  // node-postgres' own words for a lost or never-made connection and a client-side timeout.
  return (
    typeof message === "string" &&
    /Connection terminated|timeout exceeded when trying to connect|Query read timeout|connection timeout|Client has encountered a connection error/i.test(
      message,
    )
  )
}

/** The error a caller sees: unreachable becomes StoreUnavailableError, anything else stays as it is. */
const classified = (error: unknown): unknown =>
  isUnavailable(error) ? new StoreUnavailableError("the signup database cannot be reached", { cause: error }) : error

const MAX_TRANSACTION_TRIES = 4

export const openPostgresDatabase = ({ connectionString, poolSize }: PostgresOptions): SqlDatabase => {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // The client gives up a little after the server would, so a dead server never hangs a request.
    query_timeout: STATEMENT_TIMEOUT_MS + 2_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    keepAlive: true,
  })
  // A connection that drops while idle must not take the process down; the next query reconnects.
  pool.on("error", (error) => console.error("signups: a PostgreSQL connection failed while idle:", error.message))
  // Nor one that drops while a transaction or an export holds it between statements (the pool
  // listens only to idle ones): its next statement fails as unavailable, and the pool drops it.
  pool.on("connect", (client) => client.on("error", () => undefined))

  const query = async <Result extends object>(text: string, values: readonly unknown[] = []): Promise<Result[]> => {
    try {
      return (await pool.query<Result>(text, values as unknown[])).rows
    } catch (error) {
      throw classified(error)
    }
  }

  const connect = async (): Promise<pg.PoolClient> => {
    try {
      return await pool.connect()
    } catch (error) {
      throw classified(error)
    }
  }

  const transactionOnce = async <Result>(work: (tx: SqlExecutor) => Promise<Result>): Promise<Result> => {
    const client = await connect()
    let broken = false
    const tx: SqlExecutor = {
      async query<Rows extends object>(text: string, values: readonly unknown[] = []) {
        try {
          return (await client.query<Rows>(text, values as unknown[])).rows
        } catch (error) {
          broken ||= isUnavailable(error)
          throw classified(error)
        }
      },
    }
    try {
      await tx.query("begin")
      const result = await work(tx)
      await tx.query("commit")
      return result
    } catch (error) {
      if (!broken) await client.query("rollback").catch(() => undefined)
      throw error
    } finally {
      // A connection that failed is thrown away rather than handed to the next request.
      client.release(broken)
    }
  }

  return {
    engine: "postgres",
    query,
    async transaction(work) {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await transactionOnce(work)
        } catch (error) {
          const code = (error as { code?: string }).code
          if (!code || !RETRIED_CODES.has(code) || attempt >= MAX_TRANSACTION_TRIES) throw error
        }
      }
    },
    // Deleted rows are gone for every query at once; autovacuum reclaims their space.
    purgeDeleted: () => undefined,
    purged: async () => undefined,
    async *stream<Result extends object>(text: string, values: readonly unknown[], pageSize: number): AsyncIterable<Result[]> {
      const client = await connect()
      let broken = false
      let finished = false
      try {
        // One snapshot for the whole export; a cursor so a million rows never sit in memory at once.
        await client.query("begin isolation level repeatable read read only")
        await client.query(`declare export_rows no scroll cursor for ${text}`, values as unknown[])
        for (;;) {
          const { rows } = await client.query<Result>(`fetch forward ${Math.max(1, Math.floor(pageSize))} from export_rows`)
          if (rows.length === 0) break
          yield rows
        }
        await client.query("commit")
        finished = true
      } catch (error) {
        broken = isUnavailable(error)
        throw classified(error)
      } finally {
        // Also when the reader stopped early: the cursor's transaction must not stay open.
        if (!finished && !broken) await client.query("rollback").catch(() => undefined)
        client.release(broken)
      }
    },
    close: () => pool.end(),
  }
}
