/**
 * The production server for self-hosting (`npm run serve:prod` after `npm run build`): the built
 * site with the headers of `public/_headers`, precompressed brotli and gzip files, Gatsby's
 * trailing slashes, the 404 page with a real 404 status, and the signup service in the same
 * process. Fastify, with @fastify/static and @fastify/compress.
 */
import compress from "@fastify/compress"
import fastifyStatic from "@fastify/static"
import { referralLanding } from "../../signup/referral-landing"
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify"
import { readFileSync } from "node:fs"
import type { Server } from "node:http"
import type { Socket } from "node:net"
import { join } from "node:path"
import { Readable } from "node:stream"
import { MAX_BODY_BYTES, refuse, TOO_LARGE } from "../http/kit"
import { ROUTES, type EndpointDependencies } from "../http/routes"
import { closeVisitCounters } from "../runtime/visits"
import type { SignupRuntime } from "../runtime/runtime"
import type { SignupStore } from "../store/store"
import { headersForPath, normalisePath, parseHeadersFile } from "./headers-file"
import { rateLimitKey } from "../http/client-address"

export interface ServerOptions {
  /** The built site. */
  publicDir: string
  runtime: SignupRuntime
  /** Where one JSON line per request goes; nowhere when omitted. */
  log?: (line: string) => void
  /** Deadlines and the per-client connection cap; DEFAULT_CONNECTION_LIMITS where omitted. */
  limits?: Partial<ConnectionLimits>
}

/** What a slow or greedy client may hold of the server. */
export interface ConnectionLimits {
  /** The whole request (headers and body) must arrive within this, or the client gets 408 and the connection closes. */
  requestTimeoutMs: number
  /** The headers must arrive within this. */
  headersTimeoutMs: number
  /** A kept-alive connection with nothing in flight closes after this. */
  keepAliveTimeoutMs: number
  /** A connection on which nothing at all moves closes after this. */
  idleTimeoutMs: number
  /** How often the deadlines are checked (Node checks every 30 s unless told). */
  checkIntervalMs: number
  /**
   * Open connections one address may hold; more are closed at once. A browser opens about six,
   * a school or a carrier's shared address many more. Counted by the connection's own address
   * (an IPv6 one by its /64), so only where clients connect directly (see `readConnectionLimits`).
   */
  maxConnectionsPerClient: number
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  requestTimeoutMs: 10_000,
  headersTimeoutMs: 5_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 15_000,
  checkIntervalMs: 1_000,
  maxConnectionsPerClient: 64,
}

/**
 * The limits the settings ask for: `MAX_CONNECTIONS_PER_CLIENT` (default 64). Behind a reverse
 * proxy (TRUST_PROXY or CLIENT_ADDRESS_HEADER set) every connection comes from the proxy, so
 * there the proxy caps connections and this server does not.
 */
export const readConnectionLimits = (settings: {
  trustProxy?: string
  clientAddressHeader?: string
  maxConnectionsPerClient?: string
}): Partial<ConnectionLimits> => {
  if (settings.trustProxy || settings.clientAddressHeader) return { maxConnectionsPerClient: Number.POSITIVE_INFINITY }
  const cap = Number(settings.maxConnectionsPerClient)
  return Number.isSafeInteger(cap) && cap > 0 ? { maxConnectionsPerClient: cap } : {}
}

/**
 * Open connections per client, counted by the client's network key (an IPv4 address, an IPv6
 * /64, as the rate limit counts them: one subscriber may pick any address of its /64). `open`
 * says whether one more fits under the cap; each that fitted is closed again with `close`.
 */
export const connectionCounter = (cap: number) => {
  const open = new Map<string, number>()
  return {
    open(address: string): boolean {
      const key = rateLimitKey(address)
      const count = (open.get(key) ?? 0) + 1
      if (count > cap) return false
      open.set(key, count)
      return true
    },
    close(address: string): void {
      const key = rateLimitKey(address)
      const left = (open.get(key) ?? 1) - 1
      if (left <= 0) open.delete(key)
      else open.set(key, left)
    },
  }
}

/** Closes connections over the cap at once. */
const capConnectionsPerClient = (server: Server, cap: number): void => {
  const counter = connectionCounter(cap)
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? ""
    if (!counter.open(address)) {
      socket.destroy()
      return
    }
    socket.once("close", () => counter.close(address))
  })
}

const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const

/**
 * How long /healthz waits for the store. A load balancer's check must get an answer, not a hang:
 * the pool alone may wait 3 s to connect, or longer for a busy connection.
 */
export const HEALTH_TIMEOUT_MS = 2_000

/** Why the store does not answer now (the failure itself goes to the log only), or null when it does. */
const storeProblem = async (store: SignupStore | null): Promise<{ reason: string; error: unknown } | null> => {
  if (!store) return null
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<{ reason: string; error: unknown }>((resolve) => {
    const reason = `did not answer within ${HEALTH_TIMEOUT_MS / 1000} s`
    timer = setTimeout(() => resolve({ reason, error: reason }), HEALTH_TIMEOUT_MS)
  })
  try {
    return await Promise.race([
      store.ping().then(
        () => null,
        (error: unknown) => ({ reason: "cannot be reached", error }),
      ),
      late,
    ])
  } finally {
    clearTimeout(timer)
  }
}

const pathOf = (url: string): string => {
  const query = url.indexOf("?")
  return query === -1 ? url : url.slice(0, query)
}

/** How long a stop waits for mail being delivered; what does not make it is sent after the next start. */
export const SHUTDOWN_MAIL_WAIT_MS = 5_000

/** Files of the build that are for the host or for debugging, never for visitors. */
const NOT_SERVED = /(^|\/)_headers$|\.map$/

export const buildServer = async ({ publicDir, runtime, log, limits: given = {} }: ServerOptions): Promise<FastifyInstance> => {
  const headersFor = headersForPath(parseHeadersFile(readFileSync(join(publicDir, "_headers"), "utf8")))
  const notFoundPage = readFileSync(join(publicDir, "404.html"))
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...given }

  const app = Fastify({
    logger: false,
    // Slow clients (a body announced and sent a byte at a time) lose their connection, not ours.
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    http: { headersTimeout: limits.headersTimeoutMs, connectionsCheckingInterval: limits.checkIntervalMs },
    // Keep-alive connections with nothing in flight close at once on shutdown; busy ones finish.
    forceCloseConnections: "idle",
    bodyLimit: MAX_BODY_BYTES,
    // Reading `X-Forwarded-For` is the signup handler's business, by the TRUST_PROXY rule.
    trustProxy: false,
  })

  capConnectionsPerClient(app.server, limits.maxConnectionsPerClient)

  // The signup handler reads every body itself, with its own limit and its own JSON answers.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: MAX_BODY_BYTES }, (_request, body, done) => done(null, body))

  await app.register(compress, { global: true, encodings: ["br", "gzip"] })
  await app.register(fastifyStatic, {
    root: publicDir,
    preCompressed: true,
    redirect: true,
    wildcard: true,
    // Caching comes from _headers, like everything else.
    cacheControl: false,
    lastModified: true,
  })

  // Hooks on every request take Fastify's callback form: an async hook costs a promise each time.
  // `_headers` and source maps exist for the host and for debugging: a visitor gets the 404 page.
  app.addHook("onRequest", (request, reply, done) => {
    const path = pathOf(request.url)
    if (NOT_SERVED.test(normalisePath(path))) {
      reply.code(404).type("text/html; charset=utf-8").send(notFoundPage)
      return
    }
    // A referral link shared before the friend page existed lands there too, with its card.
    const landing = request.method === "GET" || request.method === "HEAD" ? referralLanding(path, request.url.slice(path.length)) : null
    if (landing) {
      reply.redirect(landing, 302)
      return
    }
    done()
  })

  // Every response gets the headers _headers gives its path, unless the route set its own. The
  // path is matched decoded and normalised, as the file server finds the file: /%6fwner/ is /owner/.
  app.addHook("onSend", (request, reply, payload, done) => {
    for (const [name, value] of Object.entries(headersFor(normalisePath(pathOf(request.url))))) {
      if (!reply.hasHeader(name)) reply.header(name, value)
    }
    done(null, payload)
  })

  if (log) {
    app.addHook("onResponse", (request, reply, done) => {
      // The path only: query strings carry secret tokens, and addresses never appear in URLs.
      log(
        JSON.stringify({
          time: new Date().toISOString(),
          method: request.method,
          path: pathOf(request.url),
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        }),
      )
      done()
    })
  }

  const endpoints: EndpointDependencies = runtime
  // JSON answers of a few hundred bytes gain nothing from compression (nor do the requests),
  // and the plugin's hooks would cost every signup on the busy path.
  const uncompressed = { compress: false, decompress: false } as const
  // Every endpoint of the route table.
  for (const route of ROUTES) {
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const answer = await route.handle(
        {
          method: request.method,
          headers: request.headers,
          query: new URLSearchParams(request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : ""),
          clientKey: runtime.clientKey(request.raw.socket.remoteAddress, request.headers),
          readBody: async () => ({ kind: "bytes", bytes: Buffer.isBuffer(request.body) ? request.body : new Uint8Array() }),
        },
        endpoints,
      )
      if (answer.stream) return reply.code(answer.status).headers(answer.headers).send(Readable.from(answer.stream))
      return reply.code(answer.status).headers(answer.headers).send(answer.body)
    }
    // Every method reaches the handler, which answers the ones it does not take with 405 in its own words.
    app.route({ method: [...ALL_METHODS], url: route.path, handler, ...(route.compress ? {} : uncompressed) })
  }

  const storeName = runtime.settings.databaseUrl ? "postgresql" : "file"
  const database = runtime.settings.databaseUrl ? "The signup database (PostgreSQL, DATABASE_URL)" : "The signup database file (SIGNUPS_FILE)"
  app.get("/healthz", uncompressed, async (_request, reply) => {
    const problem = await storeProblem(runtime.store)
    if (problem === null) return reply.header("Cache-Control", "no-store").send({ ok: true, store: storeName })
    runtime.dependencies.logError("healthz: the signup store does not answer:", problem.error)
    return reply
      .code(503)
      .header("Cache-Control", "no-store")
      .send({ ok: false, store: storeName, error: `${database} ${problem.reason}` })
  })

  app.setNotFoundHandler((_request, reply) => reply.code(404).type("text/html; charset=utf-8").send(notFoundPage))

  // Fastify's own refusals (a body over the limit, a broken upload) answer in the handler's words.
  app.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) runtime.dependencies.logError(`server: ${request.method} ${pathOf(request.url)} failed`, error)
    // Any other refusal of Fastify's (a body cut short) keeps its status and says what Fastify found.
    const refusal = status === 413 ? TOO_LARGE : status === 500 ? refuse("server_error") : refuse("request_invalid", { values: { reason: error.message } })
    return reply.code(status).headers(refusal.headers).send(refusal.body)
  })

  app.addHook("onClose", async () => {
    // Mail on its way gets a few seconds to leave; what does not make it stays in the outbox.
    await runtime.sender?.stop(SHUTDOWN_MAIL_WAIT_MS)
    // Views counted since the last batch are written before the store closes.
    await closeVisitCounters(runtime.dependencies.logError)
    await runtime.store?.close()
  })
  return app
}
