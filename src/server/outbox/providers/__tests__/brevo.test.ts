// The Brevo adapter (plain fetch, as the other adapters) against a stand-in that checks
// each request as the Brevo API v3 reference documents it (https://developers.brevo.com):
// "Create a contact" with updateEnabled (an upsert) and "Delete a contact" by email; errors are
// `{ code, message }`, and a 429 tells the wait in x-sib-ratelimit-reset ("Rate limit headers").
import { createBrevoProvider, parseBrevoListIds } from "../brevo"
import { ProviderBusyError } from "../provider"
import { SAMPLE_CONTACT, fakeApiPerTest, type Answer } from "../../../../../test/provider-api"
import { describeProviderContract, documentedErrors } from "../../../../../test/provider-contract"

const API_KEY = "xkeysib-0123456789abcdef0123456789abcdef-AbCdEf"
const LIST_IDS = "3, 7"

const brevoError = (status: number, code: string, message: string, headers: Record<string, string> = {}): Answer => ({
  status,
  headers,
  body: { code, message },
})

/** The calls as the Brevo API v3 reference documents them. */
const BREVO_API = {
  headers: { "api-key": API_KEY },
  createContact: {
    method: "POST",
    path: "/v3/contacts",
    body: {
      email: "Ada.Lovelace@Example.com",
      attributes: {
        POSITION: 42,
        REFERRALS: 3,
        REFERRAL_CODE: "ada-k3x9",
        SOURCE: "instagram",
        MEDIUM: "social",
        CAMPAIGN: "drop-01",
        REFERRER: "https://www.instagram.com/",
        SIGNED_UP_AT: "2026-11-20",
        DROP: "drop-01 won",
      },
      listIds: [3, 7],
      updateEnabled: true,
    },
  },
  // The identifier is the email, URL-encoded.
  deleteContact: { method: "DELETE", path: "/v3/contacts/Ada.Lovelace%40Example.com" },
  contactNotFound: brevoError(404, "document_not_found", "Contact does not exist"),
  invalidAddress: brevoError(400, "invalid_parameter", "Invalid email address"),
  badKey: brevoError(401, "unauthorized", "Key not found"),
  tooMany: brevoError(429, "too_many_requests", "The expected rate limit is exceeded.", {
    "retry-after": "7",
    "x-sib-ratelimit-limit": "10",
    "x-sib-ratelimit-remaining": "0",
  }),
  serverError: brevoError(500, "internal_error", "Internal server error"),
} as const

const withKey = <T extends object>(request: T) => ({ ...request, headers: BREVO_API.headers })

const create = (apiUrl: string, options: { timeoutMs?: number } = {}) => createBrevoProvider({ apiKey: API_KEY, listIds: LIST_IDS, apiUrl, ...options })

describeProviderContract("Brevo", {
  create,
  contact: SAMPLE_CONTACT,
  upsert: [{ request: withKey(BREVO_API.createContact), answer: { status: 201, body: { id: 21 } } }],
  remove: [{ request: withKey(BREVO_API.deleteContact), answer: { status: 204 } }],
  removeUnknown: [{ request: withKey(BREVO_API.deleteContact), answer: BREVO_API.contactNotFound }],
  errors: documentedErrors(BREVO_API),
})

describe("Brevo specifics", () => {
  const api = fakeApiPerTest()

  it("accepts Brevo's answer to an update of an existing contact (204, no body)", async () => {
    api.answer({ status: 204 })
    await expect(create(api.url).upsert(SAMPLE_CONTACT)).resolves.toBeUndefined()
  })

  it("waits as long as x-sib-ratelimit-reset says when there is no Retry-After", async () => {
    api.answer(
      brevoError(429, "too_many_requests", "The expected rate limit is exceeded.", {
        "x-sib-ratelimit-limit": "10",
        "x-sib-ratelimit-remaining": "0",
        "x-sib-ratelimit-reset": "3",
      }),
    )
    const error = await create(api.url)
      .upsert(SAMPLE_CONTACT)
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ProviderBusyError)
    expect((error as ProviderBusyError).retryAfterMs).toBe(3000)
  })

  it("does not retry on its own: one 500, one request, and the outbox decides", async () => {
    api.answer(BREVO_API.serverError, BREVO_API.serverError, BREVO_API.serverError)
    await expect(create(api.url).upsert(SAMPLE_CONTACT)).rejects.toBeInstanceOf(ProviderBusyError)
    expect(api.requests).toHaveLength(1)
  })

  it("reads the list ids, and names the setting when they are not ids", () => {
    expect(parseBrevoListIds("3")).toEqual([3])
    expect(parseBrevoListIds(" 3, 7 ")).toEqual([3, 7])
    expect(() => parseBrevoListIds("newsletter")).toThrow(/EMAIL_PROVIDER_LIST_ID/)
    expect(() => parseBrevoListIds("3,,7")).toThrow(/EMAIL_PROVIDER_LIST_ID/)
  })
})
