/**
 * Jest global setup: one real PostgreSQL server for the whole unit test run, in its own process.
 * Suites that need it create their own database through `test/postgres.ts`; it is stopped in
 * global-teardown.ts.
 */
import { startPostgresProcess } from "../tools/dev/postgres-process"

export default async function globalSetup(): Promise<void> {
  const postgres = await startPostgresProcess()
  process.env.TEST_POSTGRES_URL = postgres.url
  process.env.TEST_POSTGRES_PID = String(postgres.pid)
}
