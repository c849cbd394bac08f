// Child processes for the bench: timed commands, free ports, and cleanup on Ctrl-C.
import { spawn, type ChildProcess } from "node:child_process"
import { closeSync, openSync, readFileSync } from "node:fs"
import { createServer } from "node:net"

/** The first port from `start` on which nothing listens on 127.0.0.1. */
export const findFreePort = async (start: number, attempts = 100): Promise<number> => {
  for (let port = start; port < start + attempts; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer()
      server.once("error", () => resolve(false))
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)))
    })
    if (free) return port
  }
  throw new Error(`No free port in ${start}-${start + attempts - 1}`)
}

/** Last lines of a log file, to show why a command failed. */
export const tailOf = (logFile: string, lines = 30): string => {
  try {
    return readFileSync(logFile, "utf8").split("\n").slice(-lines).join("\n")
  } catch {
    return ""
  }
}

// Telemetry would try the network, which this machine (and CI) may not have.
const childEnv = (): NodeJS.ProcessEnv => ({ ...process.env, GATSBY_TELEMETRY_DISABLED: "1" })

/**
 * Starts a command in its own process group (so it and everything it spawns can be stopped
 * together), with its output appended to `logFile`.
 */
export const startLogged = (command: string, args: string[], cwd: string, logFile: string): ChildProcess => {
  const log = openSync(logFile, "a")
  try {
    return spawn(command, args, { cwd, env: childEnv(), stdio: ["ignore", log, log], detached: true })
  } finally {
    closeSync(log) // the child holds its own copy of the descriptor
  }
}

/** Stops a process group: SIGTERM, then SIGKILL if it is still there after `graceMs`. */
export const stopGroup = async (child: ChildProcess, graceMs = 10_000): Promise<void> => {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid ?? 0), name)
    } catch {
      // already gone
    }
  }
  signal("SIGTERM")
  const timer = setTimeout(() => signal("SIGKILL"), graceMs)
  await exited
  clearTimeout(timer)
  // Grandchildren that ignored SIGTERM (webpack workers) go with the group.
  signal("SIGKILL")
}

/** Runs a command to completion and returns how long it took; throws on failure or timeout. */
export const runTimed = async (command: string, args: string[], options: { cwd: string; logFile: string; timeoutMs: number }): Promise<number> => {
  const started = performance.now()
  const child = startLogged(command, args, options.cwd, options.logFile)
  const stopOnInterrupt = onInterrupt(() => stopGroup(child, 2000))
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    void stopGroup(child)
  }, options.timeoutMs)
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject)
      child.once("exit", (exitCode) => resolve(exitCode))
    })
    const what = `${command} ${args.join(" ")}`
    if (timedOut) throw new Error(`${what} timed out after ${options.timeoutMs} ms`)
    if (code !== 0) throw new Error(`${what} exited with ${code}; last lines of ${options.logFile}:\n${tailOf(options.logFile)}`)
    return performance.now() - started
  } finally {
    clearTimeout(timer)
    stopOnInterrupt()
  }
}

type Cleanup = () => void | Promise<void>
const cleanups = new Set<Cleanup>()
let handlersInstalled = false

/**
 * Registers work to do if the bench is interrupted (Ctrl-C, SIGTERM): restoring an edited file,
 * stopping servers. Returns a function that unregisters it once the work is done normally.
 */
export const onInterrupt = (cleanup: Cleanup): (() => void) => {
  if (!handlersInstalled) {
    handlersInstalled = true
    for (const signal of ["SIGINT", "SIGTERM"] as const) {
      process.once(signal, () => {
        console.error(`\n${signal}: cleaning up`)
        void Promise.allSettled([...cleanups].map((run) => run())).then(() => process.exit(130))
      })
    }
  }
  cleanups.add(cleanup)
  return () => {
    cleanups.delete(cleanup)
  }
}
