/**
 * A stand-in for an email provider's API on 127.0.0.1: it records every request exactly as it
 * arrived (method, raw path and query, headers, parsed JSON body) and answers with whatever the
 * test queued, as the provider would. Requests beyond the queue get a 599 so a test never
 * passes on a call it did not expect.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"

export interface RecordedRequest {
  method: string
  /** The path as sent, still percent-encoded. */
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  /** The body parsed as JSON, or the raw text when it is not JSON (undefined when empty). */
  body: unknown
}

export interface Answer {
  status: number
  headers?: Record<string, string>
  /** An object is sent as JSON; a string as plain text. */
  body?: unknown
  /** Never answer (to test timeouts). */
  hang?: boolean
}

export interface FakeApi {
  /** The origin to configure as the provider's base URL. */
  url: string
  requests: RecordedRequest[]
  /** Queue the answers to the next requests, in order. */
  answer: (...answers: Answer[]) => void
  close: () => Promise<void>
}

const parseBody = (text: string): unknown => {
  if (text === "") return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/**
 * A stand-in API for each test of the block this is called in: started before each test,
 * closed after it. What it returns answers for the stand-in of the test that is running.
 */
export const fakeApiPerTest = (): FakeApi => {
  let current: FakeApi | null = null
  beforeEach(async () => {
    current = await startFakeApi()
  })
  afterEach(async () => {
    await current?.close()
    current = null
  })
  const running = (): FakeApi => {
    if (current === null) throw new Error("the stand-in API runs inside a test only")
    return current
  }
  return {
    get url() {
      return running().url
    },
    get requests() {
      return running().requests
    },
    answer: (...answers) => running().answer(...answers),
    // Closed by the test itself (a provider that cannot be reached): nothing is left to close after it.
    close: async () => {
      const api = running()
      current = null
      await api.close()
    },
  }
}

export const startFakeApi = async (): Promise<FakeApi> => {
  const requests: RecordedRequest[] = []
  const queue: Answer[] = []
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const rawUrl = request.url ?? "/"
      const [path, query = ""] = rawUrl.split("?", 2)
      requests.push({
        method: request.method ?? "",
        path,
        query: new URLSearchParams(query),
        headers: request.headers,
        body: parseBody(Buffer.concat(chunks).toString("utf8")),
      })
      const answer = queue.shift() ?? { status: 599, body: { error: `unexpected request ${request.method} ${rawUrl}` } }
      if (answer.hang) return
      const isText = typeof answer.body === "string"
      const body = answer.body === undefined ? "" : isText ? (answer.body as string) : JSON.stringify(answer.body)
      response.writeHead(answer.status, {
        ...(body === "" ? {} : { "content-type": isText ? "text/plain" : "application/json" }),
        ...answer.headers,
      })
      response.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (...answers) => queue.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A header as the reference documents it: the exact value, a pattern, or a check. */
export type HeaderRule = string | RegExp | ((value: string) => boolean)

export interface ExpectedRequest {
  method: string
  /** The path as it must arrive, percent-encoding included. */
  path: string
  query?: Record<string, string>
  headers: Record<string, HeaderRule>
  /** The JSON body, exactly (no other keys). Omitted: no body. */
  body?: unknown
}

/** One documented call: what we must send, and what the provider answers when all is well. */
export interface DocumentedCall {
  request: ExpectedRequest
  answer: Answer
}

/** Checks a recorded request against the documented one, naming what differs. */
export const expectDocumentedRequest = (actual: RecordedRequest | undefined, expected: ExpectedRequest): void => {
  expect(actual).toBeDefined()
  if (actual === undefined) return
  expect(`${actual.method} ${actual.path}`).toBe(`${expected.method} ${expected.path}`)
  expect(Object.fromEntries(actual.query)).toEqual(expected.query ?? {})
  for (const [name, rule] of Object.entries(expected.headers)) {
    const value = actual.headers[name.toLowerCase()]
    expect(typeof value).toBe("string")
    const text = String(value)
    if (typeof rule === "string") expect(`${name}: ${text}`).toBe(`${name}: ${rule}`)
    else if (rule instanceof RegExp) expect(`${name}: ${text}`).toMatch(rule)
    else expect({ header: name, value: text, documented: rule(text) }).toEqual({ header: name, value: text, documented: true })
  }
  if (expected.body === undefined) {
    expect(actual.body).toBeUndefined()
  } else {
    expect(String(actual.headers["content-type"])).toMatch(/^application\/json/)
    expect(actual.body).toEqual(expected.body)
  }
}

/** A confirmed person as the outbox hands them over; mixed case to prove where it matters. */
export const SAMPLE_CONTACT = {
  email: "Ada.Lovelace@Example.com",
  position: 42,
  referrals: 3,
  referralCode: "ada-k3x9",
  source: "instagram",
  medium: "social",
  campaign: "drop-01",
  referrer: "https://www.instagram.com/",
  signedUpAt: "2026-11-20T09:15:00.000Z",
  drop: "drop-01 won",
} as const
