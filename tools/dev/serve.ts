// Serves the built public/ folder for tests and benches: with `gatsby serve` (the Gatsby
// Function) or with the production server (`npm run serve:prod`), its signup store and other
// settings given only here, at run time, never at build time.
//
// `tsx tools/dev/serve.ts` (the browser tests' web server): serves on 127.0.0.1 at E2E_PORT
// (default 9123) with a fresh signup store under the OS temp folder, until stopped.
import { spawn, type ChildProcess, type StdioOptions } from "node:child_process"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import { DEVELOPMENT_PEPPER } from "../../src/server/keys/pepper"

const ROOT = resolve(__dirname, "..", "..")

/** A TCP port on 127.0.0.1 nothing listens on right now. */
export const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port"))))
    })
  })

export interface ServedSite {
  baseUrl: string
  signupsFile: string
  process: ChildProcess
}

/**
 * Where the browser tests' site answers and keeps its signups. Fixed per port, so Playwright's
 * main process, its workers and the web server all derive the same.
 */
export const testSite = (port = Number(process.env.E2E_PORT || 9123)) => ({
  port,
  baseUrl: `http://127.0.0.1:${port}`,
  signupsFile: join(tmpdir(), `block94-e2e-${port}`, "signups.db"),
})

/**
 * On PostgreSQL, production needs LIST_PEPPER: servers for tests and benches key with the
 * development pepper, as the tests' own PostgreSQL stores do (the embedded database's pepper is
 * the file beside it, which both find alike).
 */
const testPepper = (env: Record<string, string>): Record<string, string> => (env.DATABASE_URL ? { LIST_PEPPER: DEVELOPMENT_PEPPER } : {})

const startGatsbyServe = (port: number, signupsFile: string, env: Record<string, string>, stdio: StdioOptions, detached: boolean, cwd = ROOT) =>
  spawn("npx", ["gatsby", "serve", "--port", String(port), "--host", "127.0.0.1"], {
    cwd,
    // A generous rate limit: tests and load runs send many signups from one address. Without an
    // SMTP inbox of their own, they take signups as single opt-in, named.
    env: { ...process.env, SIGNUPS_FILE: signupsFile, SIGNUP_RATE_LIMIT: "1000", SIGNUP_SINGLE_OPT_IN: "1", ...testPepper(env), ...env },
    stdio,
    detached,
  })

const waitForHttp = async (url: string, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

/** The owner's secret of the browser tests' site (OWNER_TOKEN): a test value, never a real one. */
export const E2E_OWNER_TOKEN = "e2e-owner-secret-not-for-production"

/**
 * Starts `gatsby serve` in the background with a new temporary signup store; resolves once it
 * answers. `site` is the built site's folder: this project's, or another (the bench's empty Function).
 */
export const serveSite = async (port: number, env: Record<string, string> = {}, site = ROOT): Promise<ServedSite> => {
  const signupsFile = join(mkdtempSync(join(tmpdir(), "block94-signups-")), "signups.db")
  const child = startGatsbyServe(port, signupsFile, env, ["ignore", "pipe", "pipe"], true, site)
  let output = ""
  child.stdout?.on("data", (chunk) => (output += chunk))
  child.stderr?.on("data", (chunk) => (output += chunk))
  const baseUrl = `http://127.0.0.1:${port}`
  try {
    await waitForHttp(`${baseUrl}/`, 60000)
  } catch (error) {
    stopSite(child)
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error })
  }
  return { baseUrl, signupsFile, process: child }
}

export const stopSite = (child: ChildProcess): void => {
  if (child.pid === undefined) return
  try {
    process.kill(-child.pid, "SIGTERM")
  } catch {
    // already gone
  }
}

export interface ProductionServer {
  baseUrl: string
  process: ChildProcess
  /** Resolves once the process is gone; SIGTERM stops it gracefully, SIGKILL as a crash would. */
  stop(signal?: NodeJS.Signals): Promise<void>
  /** What it wrote to stderr (start-up line, errors). */
  output(): string
}

export interface ServeOptions {
  port?: number
  requestLog?: "ignore" | "pipe"
  /**
   * Moves the server's clock this far (test/clock-offset.ts): a test or bench starts it at a chosen
   * point of a drop's window, as Playwright's clock does for a page, instead of waiting for it.
   */
  clockOffsetMs?: number
}

/**
 * Starts a node server script (run with tsx) on a free port with `env` added to this process's
 * environment; resolves once its /healthz answers.
 */
export const serveNodeScript = async (script: string, env: Record<string, string>, options: ServeOptions = {}): Promise<ProductionServer> => {
  const port = options.port ?? (await freePort())
  const clock = options.clockOffsetMs ? ["--import", join(ROOT, "test", "clock-offset.ts")] : []
  // `node --import tsx` (not the tsx command, which runs the script in a child process): the
  // process we start is the server, so a signal reaches it as it would in production.
  const child = spawn(process.execPath, ["--import", "tsx", ...clock, join(ROOT, script)], {
    cwd: ROOT,
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      SIGNUP_RATE_LIMIT: "1000",
      SIGNUP_SINGLE_OPT_IN: "1",
      ...testPepper(env),
      ...env,
      PORT: String(port),
      ...(options.clockOffsetMs ? { CLOCK_OFFSET_MS: String(options.clockOffsetMs) } : {}),
    },
    stdio: ["ignore", options.requestLog ?? "ignore", "pipe"],
  })
  let output = ""
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()))
  const baseUrl = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((resolveExit) => child.once("exit", () => resolveExit()))
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal)
    await exited
  }
  try {
    await Promise.race([waitForHttp(`${baseUrl}/healthz`, 60_000), exited.then(() => Promise.reject(new Error(`${script} exited`)))])
  } catch (error) {
    await stop("SIGKILL")
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error })
  }
  return { baseUrl, process: child, stop, output: () => output }
}

/** Starts the production server (`src/server/prod/main.ts`); see `serveNodeScript`. */
export const serveProduction = (env: Record<string, string>, options: ServeOptions = {}): Promise<ProductionServer> =>
  serveNodeScript("src/server/prod/main.ts", env, options)

if (require.main === module) {
  const site = testSite()
  rmSync(dirname(site.signupsFile), { recursive: true, force: true })
  mkdirSync(dirname(site.signupsFile), { recursive: true })
  const child = startGatsbyServe(site.port, site.signupsFile, { OWNER_TOKEN: E2E_OWNER_TOKEN }, "inherit", false)
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal))
  child.on("exit", (code) => process.exit(code ?? 1))
}
