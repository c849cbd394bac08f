// The PostgreSQL pool when a connection is cut off, as a database shutting down cuts off every
// session: the request that held it is told the store is unavailable, the process lives on, and
// the next statement gets a new connection.
import pg from "pg"
import { freshDatabase } from "../../../../test/postgres"
import { StoreUnavailableError } from "../database"
import { openPostgresDatabase } from "../postgres-database"

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

it("survives a connection cut off between a transaction's statements, and answers unavailable", async () => {
  const url = await freshDatabase()
  const db = openPostgresDatabase({ connectionString: url, poolSize: 2 })
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    const cutOff = db.transaction(async (tx) => {
      const [{ pid }] = await tx.query<{ pid: number }>("select pg_backend_pid() as pid")
      // With no statement in flight, so the error reaches the connection itself, not a query.
      await admin.query("select pg_terminate_backend($1)", [pid])
      await sleep(300)
      await tx.query("select 1")
    })
    await expect(cutOff).rejects.toBeInstanceOf(StoreUnavailableError)
    expect(await db.query("select 1 as ok")).toEqual([{ ok: 1 }])
  } finally {
    await admin.end()
    await db.close()
  }
})
