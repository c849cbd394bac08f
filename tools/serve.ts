import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

export interface ServedSite {
  baseUrl: string
  signupsFile: string
  process: ChildProcess
}

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

/**
 * Serves the built public/ folder with `gatsby serve`, its signup Function writing to a fresh
 * temporary store. The store path is given only here, at run time, never at build time.
 */
export const serveSite = async (port: number, env: Record<string, string> = {}): Promise<ServedSite> => {
  const signupsFile = join(mkdtempSync(join(tmpdir(), "block94-signups-")), "signups.jsonl")
  const child = spawn("npx", ["gatsby", "serve", "--port", String(port), "--host", "127.0.0.1"], {
    env: { ...process.env, SIGNUPS_FILE: signupsFile, SIGNUP_RATE_LIMIT: "1000", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  })
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
