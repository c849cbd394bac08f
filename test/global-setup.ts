/**
 * Jest global setup: one real PostgreSQL server for the whole unit test run (tools/postgres.ts,
 * in its own process). Suites that need it create their own database through
 * `test/postgres.ts`; it is stopped in global-teardown.ts.
 */
import { spawn } from "node:child_process"
import { join } from "node:path"

export default async function globalSetup(): Promise<void> {
  const child = spawn(process.execPath, [require.resolve("tsx/cli"), join(__dirname, "..", "tools", "postgres.ts")], {
    stdio: ["ignore", "pipe", "pipe"],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let output = ""
    const timer = setTimeout(() => reject(new Error(`PostgreSQL for the tests did not start in 60 s:\n${output}`)), 60_000)
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString()
      const line = output.split("\n").find((candidate) => candidate.startsWith("{"))
      if (line) {
        clearTimeout(timer)
        resolve((JSON.parse(line) as { url: string }).url)
      }
    })
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.once("exit", (code) => reject(new Error(`PostgreSQL for the tests exited (${code}):\n${output}`)))
  })
  process.env.TEST_POSTGRES_URL = url
  process.env.TEST_POSTGRES_PID = String(child.pid)
}
