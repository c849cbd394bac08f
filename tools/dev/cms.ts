// `npm run cms`: edit the site in the browser on this computer. Starts `gatsby develop` and
// decap-server (Decap CMS's local backend, on 127.0.0.1 only, for requests to localhost only) together; open
// http://localhost:8000/admin/, click Login, and every save writes the files in content/ (and
// content/images/), which the site in the other tab picks up at once. Ctrl-C stops both.
//
// Ports: SITE_PORT (default 8000) for the site, DECAP_SERVER_PORT (default 8081) for decap-server.
import { spawn, type ChildProcess } from "node:child_process"
import { resolve } from "node:path"

const ROOT = resolve(__dirname, "..", "..")
const SITE_PORT = process.env.SITE_PORT || "8000"
const DECAP_SERVER_PORT = process.env.DECAP_SERVER_PORT || "8081"

const children: ChildProcess[] = []
let stopping = false

/** Stops every child with its own children (gatsby's workers): each runs in a process group of its own. */
const stopAll = (signal: NodeJS.Signals = "SIGTERM") => {
  for (const child of children) {
    if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) continue
    try {
      process.kill(-child.pid, signal)
    } catch {
      // already gone
    }
  }
}

const start = (name: string, command: string, args: string[], env: Record<string, string>): ChildProcess => {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: "inherit", detached: true })
  children.push(child)
  child.on("exit", (code, signal) => {
    // One gone means the editing session is over: stop the other too.
    if (!stopping) console.error(`npm run cms: ${name} stopped${signal ? ` (${signal})` : ` with code ${code}`}; stopping the rest`)
    stopping = true
    stopAll()
    if (children.every((other) => other.exitCode !== null || other.signalCode !== null)) process.exit(code ?? 0)
  })
  return child
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    stopping = true
    stopAll(signal === "SIGHUP" ? "SIGTERM" : signal)
  })
}
process.on("exit", () => stopAll())

// decap-server's file-system backend, refusing requests for any host but localhost (see cms-backend.ts).
start("decap-server", process.execPath, ["--import", "tsx", resolve(__dirname, "cms-backend.ts"), "--port", DECAP_SERVER_PORT, "--repo", ROOT], {})
start("gatsby develop", process.execPath, [require.resolve("gatsby/cli"), "develop", "--host", "localhost", "--port", SITE_PORT], {
  // The generated configuration points the UI at this decap-server.
  DECAP_SERVER_URL: `http://localhost:${DECAP_SERVER_PORT}/api/v1`,
})

console.log(`Editing in the browser: http://localhost:${SITE_PORT}/admin/ (the site: http://localhost:${SITE_PORT}/)`)
