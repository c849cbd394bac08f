/** @jest-environment node */
// In Node: Node's fetch Response (jsdom has none) answers the client.
import { SIGNUP_SOURCE } from "../../signup/rules"
import { REQUEST_TIMEOUT_MS as SIGNUP_TIMEOUT_MS } from "../http"
import { buildSignupPayload, readFollowUp, sendSignup, signupEndpoint } from "../signup-client"

type FetchArgs = Parameters<typeof fetch>

const answering = (status: number) => jest.fn<Promise<Response>, FetchArgs>(async () => new Response(status === 204 ? null : "{}", { status }))

/** A fetch that never answers, but gives up (rejects) when its AbortSignal fires, like the real one. */
const hanging = () =>
  jest.fn<Promise<Response>, FetchArgs>(
    (_input, init) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("The operation was aborted.", "AbortError")))
      }),
  )

const sentInit = (fetchImpl: jest.Mock<Promise<Response>, FetchArgs>): RequestInit => {
  expect(fetchImpl).toHaveBeenCalledTimes(1)
  return fetchImpl.mock.calls[0][1] ?? {}
}

afterEach(() => {
  jest.useRealTimers()
  delete process.env.GATSBY_SIGNUP_ENDPOINT
})

describe("buildSignupPayload", () => {
  it("sends the trimmed email, the source and an ISO timestamp", () => {
    const now = new Date("2026-11-22T10:30:00.000Z")
    expect(buildSignupPayload("  sam@example.com \n", now)).toEqual({
      email: "sam@example.com",
      source: "website_signup",
      timestamp: "2026-11-22T10:30:00.000Z",
    })
  })
})

describe("signupEndpoint", () => {
  it("is /api/signup unless the build names another endpoint", () => {
    expect(signupEndpoint()).toBe("/api/signup")
    process.env.GATSBY_SIGNUP_ENDPOINT = "https://lists.example/subscribe"
    expect(signupEndpoint()).toBe("https://lists.example/subscribe")
  })
})

describe("sendSignup", () => {
  it("POSTs the payload as JSON to the endpoint", async () => {
    const fetchImpl = answering(201)
    const now = new Date("2026-11-22T10:30:00.000Z")
    await sendSignup(" sam@example.com ", { fetchImpl, now, endpoint: "/api/signup" })

    expect(fetchImpl.mock.calls[0][0]).toBe("/api/signup")
    const init = sentInit(fetchImpl)
    expect(init.method).toBe("POST")
    expect(init.headers).toMatchObject({ "Content-Type": "application/json" })
    expect(JSON.parse(String(init.body))).toEqual({
      email: "sam@example.com",
      source: SIGNUP_SOURCE,
      timestamp: "2026-11-22T10:30:00.000Z",
    })
    expect(init.signal).toBeInstanceOf(AbortSignal)
  })

  it("stamps the time of sending when no time is given", async () => {
    const fetchImpl = answering(200)
    const before = Date.now()
    await sendSignup("sam@example.com", { fetchImpl })
    const { timestamp } = JSON.parse(String(sentInit(fetchImpl).body)) as { timestamp: string }
    expect(timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/)
    expect(Date.parse(timestamp)).toBeGreaterThanOrEqual(before)
    expect(Date.parse(timestamp)).toBeLessThanOrEqual(Date.now())
  })

  it("sends to the build's endpoint by default", async () => {
    process.env.GATSBY_SIGNUP_ENDPOINT = "https://lists.example/subscribe"
    const fetchImpl = answering(200)
    await sendSignup("sam@example.com", { fetchImpl })
    expect(fetchImpl.mock.calls[0][0]).toBe("https://lists.example/subscribe")
  })

  it.each([200, 201, 202, 204])("is a success on %i", async (status) => {
    await expect(sendSignup("sam@example.com", { fetchImpl: answering(status) })).resolves.toMatchObject({ delivered: true })
  })

  it.each([301, 400, 404, 409, 422, 429, 500, 502, 503])("is a failure on %i, so the visitor can try again", async (status) => {
    await expect(sendSignup("sam@example.com", { fetchImpl: answering(status) })).resolves.toEqual({ delivered: false })
  })

  it("is a failure, not an exception, when the network is down", async () => {
    const fetchImpl = jest.fn<Promise<Response>, FetchArgs>(async () => {
      throw new TypeError("Failed to fetch")
    })
    await expect(sendSignup("sam@example.com", { fetchImpl })).resolves.toEqual({ delivered: false })
  })

  it("gives up with a failure when the endpoint does not answer within the timeout", async () => {
    jest.useFakeTimers()
    const fetchImpl = hanging()
    let settled = false
    const result = sendSignup("sam@example.com", { fetchImpl, timeoutMs: 5_000 })
    void result.then(() => {
      settled = true
    })

    await jest.advanceTimersByTimeAsync(4_999)
    expect(settled).toBe(false)
    expect(sentInit(fetchImpl).signal?.aborted).toBe(false)

    await jest.advanceTimersByTimeAsync(1)
    await expect(result).resolves.toEqual({ delivered: false })
    expect(sentInit(fetchImpl).signal?.aborted).toBe(true)
  })

  it(`waits ${SIGNUP_TIMEOUT_MS / 1000} seconds by default`, async () => {
    jest.useFakeTimers()
    const fetchImpl = hanging()
    let settled = false
    const result = sendSignup("sam@example.com", { fetchImpl })
    void result.then(() => {
      settled = true
    })

    await jest.advanceTimersByTimeAsync(SIGNUP_TIMEOUT_MS - 1)
    expect(settled).toBe(false)
    await jest.advanceTimersByTimeAsync(1)
    await expect(result).resolves.toEqual({ delivered: false })
  })

  it("leaves no timer running after an answer", async () => {
    jest.useFakeTimers()
    await expect(sendSignup("sam@example.com", { fetchImpl: answering(200) })).resolves.toMatchObject({ delivered: true })
    expect(jest.getTimerCount()).toBe(0)
  })
})

describe("the answer's follow-up", () => {
  const place = {
    position: 3,
    total: 120,
    referralCode: "ABCD1234EF",
    referralUrl: "https://block94.example/?ref=ABCD1234EF",
    statusUrl: "https://block94.example/waitlist/#token=x",
  }

  it("is the place in line for a confirmed signup", () => {
    expect(readFollowUp({ ok: true, status: "confirmed", ...place })).toEqual({ kind: "place", place })
  })

  it("is the place without the list's size while the server leaves it out (a list smaller than the site shows)", () => {
    const { total: _left, ...placeAlone } = place
    expect(readFollowUp({ ok: true, status: "confirmed", ...placeAlone })).toEqual({ kind: "place", place: placeAlone })
  })

  it("asks to confirm by email for a pending signup", () => {
    expect(readFollowUp({ ok: true, status: "pending" })).toEqual({ kind: "confirmEmail" })
  })

  it.each([
    ["a repeat signup", { ok: true, status: "already_subscribed" }],
    ["an email-list provider's answer", { result: "success", id: 42 }],
    ["a confirmed answer missing its link", { ok: true, status: "confirmed", ...place, referralUrl: undefined }],
    ["no body", null],
  ])("is nothing for %s", (_case, body) => {
    expect(readFollowUp(body)).toBeNull()
  })

  it("comes back from sendSignup with the delivery", async () => {
    const fetchImpl = jest.fn<Promise<Response>, FetchArgs>(
      async () => new Response(JSON.stringify({ ok: true, status: "confirmed", ...place }), { status: 201 }),
    )
    await expect(sendSignup("sam@example.com", { fetchImpl })).resolves.toEqual({ delivered: true, followUp: { kind: "place", place } })
  })
})

describe("attribution in the payload", () => {
  it("carries the referral code and UTM parameters the visit brought", () => {
    const payload = buildSignupPayload("sam@example.com", new Date("2026-11-22T10:30:00.000Z"), "", {
      referralCode: "ABCD1234EF",
      utm: { source: "tiktok", campaign: "launch" },
    })
    expect(payload).toEqual({
      email: "sam@example.com",
      source: "website_signup",
      timestamp: "2026-11-22T10:30:00.000Z",
      referralCode: "ABCD1234EF",
      utm: { source: "tiktok", campaign: "launch" },
    })
  })
})
