// The local backend of `npm run cms`: decap-server's file-system middleware (it reads and writes
// the repository's files), served on 127.0.0.1 behind a check of the Host header.
//
// Binding to 127.0.0.1 keeps other machines out, not other websites: a page on any site the
// editor has open can point its own name at 127.0.0.1 (DNS rebinding) and then call this server
// as its own origin, where no CORS rule applies. Its requests name its host, though, so every
// request whose Host is not this server's own local name and port is refused before decap-server
// sees it.
//
// Run alone: `tsx tools/dev/cms-backend.ts --port 8081 --repo . [--log-level error]`.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http"
import { createRequire } from "node:module"
import { resolve } from "node:path"
import { parseArgs } from "node:util"

/** Loads a CommonJS package that ships no types; its use below says what it is. */
const loadUntyped = createRequire(__filename)

/** decap-server's middleware registration (its dist/middlewares bundle ships no types). */
type RegisterLocalFs = (app: unknown, options?: { logLevel?: string }) => Promise<void>

/** The names this server answers to: its own, on the loopback, with its port. */
export const localHosts = (port: number): Set<string> => new Set([`localhost:${port}`, `127.0.0.1:${port}`])

/** Whether a request's Host header names this server (a DNS-rebinding page's names its own host). */
export const isLocalHost = (host: string | undefined, port: number): boolean => host !== undefined && localHosts(port).has(host.toLowerCase())

const refuse = (response: ServerResponse): void => {
  response.writeHead(403, { "Content-Type": "application/json", "Cache-Control": "no-store" })
  response.end(JSON.stringify({ error: "This editing server answers requests for localhost only" }))
}

/** Starts the backend on 127.0.0.1:`port` for the repository at `repo`; resolves once it listens. */
export const startCmsBackend = async ({ port, repo, logLevel = "info" }: { port: number; repo: string; logLevel?: string }): Promise<Server> => {
  // decap-server reads the repository's folder from the environment when its middleware is registered.
  process.env.GIT_REPO_DIRECTORY = repo
  // Express (decap-server's own dependency) and the middleware bundle ship no types: both are
  // used only through these two calls.
  const express = loadUntyped("express") as () => RequestListener
  const { registerLocalFs } = loadUntyped("decap-server/dist/middlewares") as { registerLocalFs: RegisterLocalFs }
  const app = express()
  await registerLocalFs(app, { logLevel })
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (isLocalHost(request.headers.host, port)) app(request, response)
    else refuse(response)
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, "127.0.0.1", () => resolve())
  })
  return server
}

if (require.main === module) {
  const { values } = parseArgs({
    options: { port: { type: "string", default: "8081" }, repo: { type: "string", default: "." }, "log-level": { type: "string", default: "info" } },
  })
  const port = Number(values.port)
  startCmsBackend({ port, repo: resolve(values.repo), logLevel: values["log-level"] }).then(
    () => console.log(`The editing server listens on http://localhost:${port}/api/v1 (requests for other hosts are refused)`),
    (error: unknown) => {
      console.error("npm run cms: the editing server could not start:", error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
