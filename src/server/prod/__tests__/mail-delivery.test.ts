// Mail faults on the production server, with a real SMTP server, for both engines: a mail server
// that accepts connections and then never answers holds up no signup, and its mail goes out after
// the timeout and a retry; a server killed with mail still queued delivers it after a restart.
import { createServer, type Server, type Socket } from "node:net"
import { startInbox, type Inbox } from "../../../../tools/dev/smtp-inbox"
import { tinySite } from "../../../../test/tiny-site"
import { freePort, serveProduction, type ProductionServer } from "../../../../tools/dev/serve"
import { serverEngines } from "../../../../test/store-engines"

jest.setTimeout(90_000)

/** A first retry comes 8-12 s after a failure, and the server looks for due mail every 10 s. */
const DELIVERY_WAIT_MS = 40_000

/** How long the mail server may stay silent: long beside a paced answer, even on a loaded machine. */
const SILENCE_TIMEOUT_MS = 5_000

/** Listens and accepts, then says nothing at all: an SMTP server that hangs. */
const startSilentServer = async (port: number): Promise<{ close(): Promise<void> }> => {
  const sockets: Socket[] = []
  const server: Server = createServer((socket) => sockets.push(socket))
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve))
  return {
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

const signUp = async (baseUrl: string, email: string): Promise<{ status: number; ms: number }> => {
  const started = Date.now()
  const response = await fetch(`${baseUrl}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, source: "website_signup", timestamp: new Date().toISOString() }),
  })
  return { status: response.status, ms: Date.now() - started }
}

describe.each(serverEngines)("mail faults on serve:prod with %s", (name, storage) => {
  const servers: ProductionServer[] = []
  const inboxes: Inbox[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop("SIGKILL")))
    await Promise.all(inboxes.splice(0).map((inbox) => inbox.close()))
  })

  it("answers signups at once while the mail server hangs, and delivers their mail after the timeout and a retry", async () => {
    const port = await freePort()
    const silent = await startSilentServer(port)
    const env = {
      ...(await storage()),
      PUBLIC_DIR: tinySite(),
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_TIMEOUT_MS: String(SILENCE_TIMEOUT_MS),
      SIGNUP_RATE_LIMIT: "1000",
    }
    const server = await serveProduction(env)
    servers.push(server)
    const emails = Array.from({ length: 5 }, (_, index) => `hang-${name}-${index}@example.com`)
    const answers = await Promise.all(emails.map((email) => signUp(server.baseUrl, email)))
    const timedOut = () => server.output().match(/failed \(attempt 1\)/g)?.length ?? 0
    expect(answers.map(({ status }) => status)).toEqual(emails.map(() => 201))
    // Every answer is in before the hanging mail server's first timeout, on a busy machine too.
    expect(timedOut()).toBe(0)
    expect(Math.max(...answers.map(({ ms }) => ms))).toBeLessThan(SILENCE_TIMEOUT_MS)

    // The attempts time out after the silence; by the retry a working mail server is there.
    for (let waited = 0; timedOut() < emails.length; waited += 100) {
      if (waited > 30_000) throw new Error(`only ${timedOut()} of ${emails.length} attempts timed out:\n${server.output()}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await silent.close()
    const inbox = await startInbox(port)
    inboxes.push(inbox)
    await Promise.all(emails.map((email) => inbox.waitFor(email, DELIVERY_WAIT_MS)))
    expect(inbox.messages).toHaveLength(emails.length)
  })

  it("delivers the mail it had queued when it was killed, once it runs again", async () => {
    const port = await freePort()
    // Nothing listens on the port yet: every attempt is refused and the mail waits in the outbox.
    const env = { ...(await storage()), PUBLIC_DIR: tinySite(), SMTP_URL: `smtp://127.0.0.1:${port}`, SIGNUP_RATE_LIMIT: "1000" }
    const first = await serveProduction(env)
    servers.push(first)
    const emails = Array.from({ length: 10 }, (_, index) => `queued-${name}-${index}@example.com`)
    const answers = await Promise.all(emails.map((email) => signUp(first.baseUrl, email)))
    expect(answers.map(({ status }) => status)).toEqual(emails.map(() => 201))
    // Killed once every message has been tried, and waits in the outbox for its retry.
    const tried = () => first.output().match(/failed \(attempt 1\)/g)?.length ?? 0
    for (let waited = 0; tried() < emails.length; waited += 100) {
      if (waited > 30_000) throw new Error(`only ${tried()} of ${emails.length} messages were tried:\n${first.output()}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    await first.stop("SIGKILL")

    const inbox = await startInbox(port)
    inboxes.push(inbox)
    const second = await serveProduction(env)
    servers.push(second)
    await Promise.all(emails.map((email) => inbox.waitFor(email, DELIVERY_WAIT_MS))).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${second.output()}\nfirst:\n${first.output()}`)
    })
    expect(inbox.messages).toHaveLength(emails.length)
  })
})
