// The Loops adapter against a stand-in that checks each request as the Loops API reference
// documents it (https://loops.so/docs/api-reference): "Update contact" (PUT, creates the contact
// when missing) and "Delete contact" (POST, 404 when there is no such contact); errors are
// `{ success: false, message }`.
import { createLoopsProvider } from "../loops"
import { SAMPLE_CONTACT, fakeApiPerTest, type Answer } from "../../../../../test/provider-api"
import { describeProviderContract, documentedErrors } from "../../../../../test/provider-contract"

const API_KEY = "d3b07384d113edec49eaa6238ad5ff00"
const MAILING_LIST_ID = "cm06f5v0e45nf0ml5754o9cix"

const loopsError = (status: number, message: string, headers: Record<string, string> = {}): Answer => ({
  status,
  headers,
  body: { success: false, message },
})

/** The calls as the Loops API reference documents them. */
const LOOPS_API = {
  headers: { authorization: `Bearer ${API_KEY}` },
  updateContact: {
    method: "PUT",
    path: "/api/v1/contacts/update",
    body: {
      email: "Ada.Lovelace@Example.com",
      waitlistPosition: 42,
      waitlistReferrals: 3,
      referralCode: "ada-k3x9",
      signupSource: "instagram",
      signupMedium: "social",
      signupCampaign: "drop-01",
      signupReferrer: "https://www.instagram.com/",
      signedUpAt: "2026-11-20T09:15:00.000Z",
      lastDrop: "drop-01 won",
      mailingLists: { [MAILING_LIST_ID]: true },
    },
  },
  deleteContact: { method: "POST", path: "/api/v1/contacts/delete", body: { email: "Ada.Lovelace@Example.com" } },
  contactNotFound: loopsError(404, "Contact not found."),
  invalidAddress: loopsError(400, "Invalid email address."),
  badKey: loopsError(401, "Invalid API key."),
  tooMany: loopsError(429, "Rate limit exceeded.", { "retry-after": "7", "x-ratelimit-limit": "10", "x-ratelimit-remaining": "0" }),
  serverError: loopsError(500, "Internal server error."),
} as const

const withKey = <T extends object>(request: T) => ({ ...request, headers: LOOPS_API.headers })

const create = (apiUrl: string, options: { timeoutMs?: number } = {}) =>
  createLoopsProvider({ apiKey: API_KEY, mailingListId: MAILING_LIST_ID, apiUrl, ...options })

describeProviderContract("Loops", {
  create,
  contact: SAMPLE_CONTACT,
  upsert: [{ request: withKey(LOOPS_API.updateContact), answer: { status: 200, body: { success: true, id: "cll6b3i8901a9jx0oyktl2m4u" } } }],
  remove: [{ request: withKey(LOOPS_API.deleteContact), answer: { status: 200, body: { success: true, message: "Contact deleted." } } }],
  removeUnknown: [{ request: withKey(LOOPS_API.deleteContact), answer: LOOPS_API.contactNotFound }],
  errors: documentedErrors(LOOPS_API),
})

describe("Loops specifics", () => {
  const api = fakeApiPerTest()

  it("subscribes to no mailing list, and never sets `subscribed`, when no list is set", async () => {
    api.answer({ status: 200, body: { success: true, id: "cll6b3i8901a9jx0oyktl2m4u" } })
    await createLoopsProvider({ apiKey: API_KEY, apiUrl: api.url }).upsert({ ...SAMPLE_CONTACT, referrer: null })
    const body = api.requests[0].body as Record<string, unknown>
    expect(body).not.toHaveProperty("mailingLists")
    expect(body).not.toHaveProperty("subscribed")
    expect(body).not.toHaveProperty("signupReferrer")
    expect(body).toMatchObject({ email: "Ada.Lovelace@Example.com", waitlistPosition: 42 })
  })

  it("reads a Retry-After given as an HTTP date", async () => {
    const inTwentySeconds = new Date(Date.now() + 20_000).toUTCString()
    api.answer(loopsError(429, "Rate limit exceeded.", { "retry-after": inTwentySeconds }))
    const error = await create(api.url)
      .upsert(SAMPLE_CONTACT)
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ name: "ProviderBusyError" })
    const waitMs = (error as { retryAfterMs: number }).retryAfterMs
    expect(waitMs).toBeGreaterThan(17_000)
    expect(waitMs).toBeLessThanOrEqual(20_000)
  })
})
