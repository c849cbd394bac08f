// The production server on a real socket: a client that sends a body a byte at a time, or opens
// more connections than a browser would, loses its connections; the server keeps answering.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs"
import { connect, type Socket } from "node:net"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { FastifyInstance } from "fastify"
import { resetSignupRuntime, signupRuntime } from "../../runtime/runtime"
import { buildServer, connectionCounter, readConnectionLimits, type ConnectionLimits } from "../server"

const site = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "block94-prod-site-"))
  mkdirSync(join(dir, "owner"))
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Home</title>")
  writeFileSync(join(dir, "404.html"), "<!doctype html><title>Not found</title>")
  writeFileSync(join(dir, "owner", "index.html"), "<!doctype html><title>Owner</title>")
  writeFileSync(
    join(dir, "_headers"),
    "/*\n  Cache-Control: public, max-age=0\n\n/owner/*\n  ! Cache-Control\n  Cache-Control: no-store\n  Referrer-Policy: no-referrer\n  X-Robots-Tag: noindex\n",
  )
  writeFileSync(join(dir, "app-1a2b.js"), "console.log('app')")
  writeFileSync(join(dir, "app-1a2b.js.map"), '{"version":3}')
  return dir
}

let app: FastifyInstance
let port: number
const sockets: Socket[] = []
const originalEnv = { ...process.env }

const start = async (limits: Partial<ConnectionLimits>) => {
  process.env.SIGNUPS_FILE = join(mkdtempSync(join(tmpdir(), "block94-prod-store-")), "signups.db")
  app = await buildServer({ publicDir: site(), runtime: signupRuntime(), limits })
  await app.listen({ host: "127.0.0.1", port: 0 })
  port = (app.server.address() as AddressInfo).port
}

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await app.close()
  await resetSignupRuntime()
  process.env = { ...originalEnv }
})

/** Opens a connection and writes `text`; resolves once connected. */
const open = (text: string): Promise<Socket> =>
  new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1", () => {
      socket.write(text)
      resolve(socket)
    })
    socket.on("error", () => undefined)
    socket.setEncoding("utf8")
    sockets.push(socket)
  })

/** What the server sent before it closed the connection, and how long that took. */
const closed = (socket: Socket): Promise<{ received: string; afterMs: number }> => {
  const started = performance.now()
  let received = ""
  socket.on("data", (chunk: string) => (received += chunk))
  return new Promise((resolve) => socket.once("close", () => resolve({ received, afterMs: performance.now() - started })))
}

const SLOW_BODY = "POST /api/signup HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"

describe("slow and greedy clients", () => {
  it("closes a connection whose body does not arrive in time, with 408", async () => {
    await start({ requestTimeoutMs: 400, headersTimeoutMs: 300, checkIntervalMs: 50 })
    const socket = await open(SLOW_BODY)
    const { received, afterMs } = await closed(socket)
    expect(received).toMatch(/^HTTP\/1\.1 408/)
    expect(afterMs).toBeLessThan(2_000)
    // The server still answers everyone else.
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200)
  })

  it("closes a connection that never finishes its headers", async () => {
    await start({ requestTimeoutMs: 400, headersTimeoutMs: 300, checkIntervalMs: 50 })
    const socket = await open("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    const { afterMs } = await closed(socket)
    expect(afterMs).toBeLessThan(2_000)
  })

  it("closes connections over the per-client cap at once, and takes new ones when others close", async () => {
    await start({ maxConnectionsPerClient: 2 })
    const first = await open("")
    await open("")
    const third = await open("")
    await closed(third)
    expect(third.destroyed).toBe(true)
    first.destroy()
    await new Promise((resolve) => first.once("close", resolve))
    // Fetch's own connection fits under the cap again.
    await new Promise((resolve) => setImmediate(resolve))
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(200)
  })

  it("does not serve _headers or source maps, and gives another spelling of a path that path's headers", async () => {
    await start({})
    expect((await fetch(`http://127.0.0.1:${port}/_headers`)).status).toBe(404)
    expect((await fetch(`http://127.0.0.1:${port}/app-1a2b.js.map`)).status).toBe(404)
    expect((await fetch(`http://127.0.0.1:${port}/app-1a2b.js`)).status).toBe(200)
    const owner = await fetch(`http://127.0.0.1:${port}/%6fwner/`)
    expect(owner.status).toBe(200)
    expect(owner.headers.get("cache-control")).toBe("no-store")
    expect(owner.headers.get("referrer-policy")).toBe("no-referrer")
    expect(owner.headers.get("x-robots-tag")).toBe("noindex")
  })
})

describe("readConnectionLimits", () => {
  it("counts an IPv6 client's connections by its /64, so picking another address of it gets no more", () => {
    const counter = connectionCounter(2)
    expect([counter.open("2001:db8:1:2::1"), counter.open("2001:db8:1:2::beef"), counter.open("2001:db8:1:2:ffff::9")]).toEqual([true, true, false])
    // Another /64, an IPv4 client and its dual-stack form are others.
    expect(counter.open("2001:db8:1:3::1")).toBe(true)
    expect([counter.open("203.0.113.7"), counter.open("::ffff:203.0.113.7"), counter.open("203.0.113.7")]).toEqual([true, true, false])
    counter.close("2001:db8:1:2::beef")
    expect(counter.open("2001:db8:1:2::42")).toBe(true)
  })

  it("caps connections per client where clients connect directly, from MAX_CONNECTIONS_PER_CLIENT", () => {
    expect(readConnectionLimits({})).toEqual({})
    expect(readConnectionLimits({ maxConnectionsPerClient: "16" })).toEqual({ maxConnectionsPerClient: 16 })
  })

  it("leaves the cap to the reverse proxy, whose address every connection has", () => {
    expect(readConnectionLimits({ trustProxy: "10.0.0.1", maxConnectionsPerClient: "16" })).toEqual({ maxConnectionsPerClient: Number.POSITIVE_INFINITY })
  })
})
