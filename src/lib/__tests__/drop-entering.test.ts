/** @jest-environment node */
// In Node: the browser's client is held to the server's own handler, which needs Node.
// Entering a drop from the browser: the request the status page sends, what each answer means,
// and (held to the server's own handler) that every refusal the endpoint gives is told apart.
import { handleDropEnterRequest } from "../../server/http/drop-handler"
import type { DropService, EnterAnswer } from "../../server/drop/service"
import type { ApiRequest, HandlerDependencies } from "../../server/http/kit"
import type { SignupService } from "../../server/waitlist/service"
import { enterDrop, refusalOf, type EntryRefusal } from "../drop-entering"

type FetchArgs = Parameters<typeof fetch>
const TOKEN = "QmxvY2s5NC1zdGF0dXMtdG9rZW4tZm9yLXRlc3RzLi4u"

const answering = (status: number, body: unknown) => jest.fn<Promise<Response>, FetchArgs>(async () => new Response(JSON.stringify(body), { status }))

describe("enterDrop", () => {
  it("POSTs the status token, the drop, the size and the bot check's solution as JSON to /api/drop/enter", async () => {
    const fetchImpl = answering(200, { ok: true, drop: "drop-01", size: "hoodie/M", tickets: 2, entryId: "abcdefgh23456723" })
    expect(await enterDrop(TOKEN, "drop-01", "hoodie/M", "c29sdXRpb24=", { fetchImpl })).toEqual({
      kind: "entered",
      size: "hoodie/M",
      tickets: 2,
      entryId: "abcdefgh23456723",
      review: null,
    })
    const [url, init] = fetchImpl.mock.calls[0]
    expect(url).toBe("/api/drop/enter")
    expect(init?.method).toBe("POST")
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN, drop: "drop-01", size: "hoodie/M", altcha: "c29sdXRpb24=" })
  })

  it("withdraws with a null size, and sends no altcha field when there is no solution (the check is off)", async () => {
    const fetchImpl = answering(200, { ok: true, drop: "drop-01", size: null, tickets: 0, entryId: null })
    expect(await enterDrop(TOKEN, "drop-01", null, undefined, { fetchImpl })).toEqual({ kind: "entered", size: null, tickets: 0, entryId: null, review: null })
    expect(JSON.parse(String(fetchImpl.mock.calls[0][1]?.body))).toEqual({ token: TOKEN, drop: "drop-01", size: null })
  })

  it("reads an entry that waits for the team's check, and calls a review it does not know a failure", async () => {
    const waiting = answering(200, { ok: true, drop: "drop-01", size: "hoodie/M", tickets: 1, entryId: "abcdefgh23456723", review: "waiting" })
    expect(await enterDrop(TOKEN, "drop-01", "hoodie/M", undefined, { fetchImpl: waiting })).toMatchObject({ kind: "entered", review: "waiting" })
    const unknown = answering(200, { ok: true, drop: "drop-01", size: "hoodie/M", tickets: 1, entryId: "abcdefgh23456723", review: "maybe" })
    expect(await enterDrop(TOKEN, "drop-01", "hoodie/M", undefined, { fetchImpl: unknown })).toEqual({ kind: "refused", why: "failed" })
  })

  it.each([
    ["a 2xx that is not the endpoint's answer", async () => new Response("<html>", { status: 200 })],
    ["a 2xx with no ticket count", async () => new Response(JSON.stringify({ ok: true, size: "hoodie/M" }), { status: 200 })],
    ["no answer at all", async (): Promise<Response> => Promise.reject(new TypeError("Failed to fetch"))],
    ["a server error", async () => new Response(JSON.stringify({ error: "Something went wrong on our side" }), { status: 500 })],
    ["a store out of reach", async () => new Response(JSON.stringify({ error: "busy" }), { status: 503 })],
  ])("calls %s a failure, never throws", async (_case, respond) => {
    const fetchImpl = jest.fn<Promise<Response>, FetchArgs>(respond)
    expect(await enterDrop(TOKEN, "drop-01", "hoodie/M", undefined, { fetchImpl })).toEqual({ kind: "refused", why: "failed" })
  })
})

/** The endpoint's handler over a drop service that answers `kind`, as the server runs it. */
const handlerAnswer = async (answer: EnterAnswer | "botCheck" | "tooMany") => {
  const deps: HandlerDependencies = {
    service: {} as SignupService,
    rateLimiter: { hit: async () => (answer === "tooMany" ? { allowed: false, retryAfterSeconds: 30 } : { allowed: true }) },
    now: () => new Date("2026-12-05T12:00:00.000Z"),
    logError: jest.fn(),
    drops: { enter: async () => answer } as unknown as DropService,
    botCheck: answer === "botCheck" ? { mode: "enforce", secret: "s".repeat(40), record: async () => "invalid" } : undefined,
  }
  const request: ApiRequest = {
    method: "POST",
    headers: { "content-type": "application/json" },
    query: new URLSearchParams(),
    clientKey: "203.0.113.7",
    readBody: async () => ({ kind: "bytes", bytes: Buffer.from(JSON.stringify({ token: TOKEN, drop: "drop-01", size: "hoodie/M" })) }),
  }
  const { status, body } = await handleDropEnterRequest(request, deps)
  return { status, body }
}

describe("refusalOf, held to the endpoint's own answers", () => {
  it.each<[string, EnterAnswer | "botCheck" | "tooMany", EntryRefusal]>([
    ["a size not of the drop", { kind: "unknownSize" }, "badSize"],
    ["the bot check refusing", "botCheck", "botCheck"],
    ["an unconfirmed signup", { kind: "notConfirmed" }, "notConfirmed"],
    ["a signup held for review", { kind: "held" }, "held"],
    ["an unknown status link", { kind: "unknown" }, "notFound"],
    ["an unknown drop", { kind: "unknownDrop" }, "notFound"],
    ["a window not open yet", { kind: "notOpen", opensAt: "2026-12-04T17:00:00.000Z" }, "notOpen"],
    ["a closed window", { kind: "closed" }, "closed"],
    ["a draw not set up (no seed committed)", { kind: "notCommitted" }, "notSetUp"],
    ["an expired status link", { kind: "expired" }, "expired"],
    ["too many requests", "tooMany", "tooMany"],
  ])("names %s", async (_case, answer, refusal) => {
    const { body } = await handlerAnswer(answer)
    expect(refusalOf(body)).toBe(refusal)
  })

  it("calls anything else a failure", () => {
    expect(refusalOf(null)).toBe("failed")
    expect(refusalOf({ error: "Something went wrong" })).toBe("failed")
    expect(refusalOf({ error: "Drops are not kept on this server", code: "drops_not_kept" })).toBe("failed")
  })
})
