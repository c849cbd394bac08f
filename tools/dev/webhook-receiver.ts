/**
 * A real webhook receiver on 127.0.0.1 for tests: it verifies every delivery with the
 * `standardwebhooks` package's own `verify()` (signature and timestamp, as a receiver in
 * production would) and keeps what it received. Its answer can be changed (500, 410, ...) and it
 * can be stopped and started again on the same port.
 */
import { randomBytes } from "node:crypto"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { Webhook } from "standardwebhooks"

export interface Delivery {
  /** The `webhook-id` header: the same for every attempt of one event. */
  id: string
  /** Whether `verify()` accepted it. */
  verified: boolean
  /** The parsed body `{ type, timestamp, data }`. */
  body: { type: string; timestamp: string; data: Record<string, unknown> }
  /** The raw body, as signed. */
  raw: string
  /** What the receiver answered. */
  status: number
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>/hooks`, for WEBHOOK_URL (with WEBHOOK_ALLOW_PRIVATE=1). */
  url: string
  deliveries: Delivery[]
  /** What it answers from now on (200 by default). */
  answerWith(status: number): void
  /** Resolves once `predicate` holds for a delivery (now or later). */
  waitFor(predicate: (delivery: Delivery) => boolean, timeoutMs?: number): Promise<Delivery>
  /** Stops listening: connections are refused until `start()`. */
  stop(): Promise<void>
  start(): Promise<void>
}

/** A new `whsec_` secret for a test. */
export const testWebhookSecret = (): string => `whsec_${randomBytes(32).toString("base64")}`

export const startWebhookReceiver = async (secret: string): Promise<WebhookReceiver> => {
  const verifier = new Webhook(secret)
  const deliveries: Delivery[] = []
  const waiting = new Set<() => void>()
  let status = 200
  let server: Server | null = null
  let port = 0

  const listen = async (): Promise<void> => {
    const listening = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on("data", (chunk: Buffer) => chunks.push(chunk))
      request.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8")
        let verified = true
        try {
          verifier.verify(raw, request.headers as Record<string, string>)
        } catch {
          verified = false
        }
        let body: Delivery["body"] = { type: "", timestamp: "", data: {} }
        try {
          body = JSON.parse(raw) as Delivery["body"]
        } catch {
          verified = false
        }
        deliveries.push({ id: String(request.headers["webhook-id"] ?? ""), verified, body, raw, status })
        for (const wake of waiting) wake()
        response.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "no")
      })
    })
    await new Promise<void>((resolve) => listening.listen(port, "127.0.0.1", resolve))
    port = (listening.address() as AddressInfo).port
    server = listening
  }
  await listen()

  return {
    url: `http://127.0.0.1:${port}/hooks`,
    deliveries,
    answerWith(next) {
      status = next
    },
    waitFor: (predicate, timeoutMs = 20_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = deliveries.find(predicate)
          if (!found) return
          waiting.delete(check)
          clearTimeout(timer)
          resolve(found)
        }
        const timer = setTimeout(() => {
          waiting.delete(check)
          reject(
            new Error(`no such webhook delivery within ${timeoutMs} ms (received: ${deliveries.map((delivery) => delivery.body.type).join(", ") || "none"})`),
          )
        }, timeoutMs)
        waiting.add(check)
        check()
      }),
    stop: () =>
      new Promise((resolve) => {
        const closing = server
        server = null
        if (!closing) return resolve()
        closing.closeAllConnections()
        closing.close(() => resolve())
      }),
    start: async () => {
      if (!server) await listen()
    },
  }
}
