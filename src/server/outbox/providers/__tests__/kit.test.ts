// The Kit adapter against a stand-in that checks each request as the Kit API v4 reference
// documents it (https://developers.kit.com/api-reference): "Create a subscriber" (an upsert),
// "Tag a subscriber by email address", "List subscribers" filtered by email_address, and
// "Unsubscribe subscriber"; errors are `{ "errors": [...] }`, and a 429 is plain text
// "Retry later" without Retry-After (see "Rate limits").
import { createKitProvider, KIT_RATE_LIMIT_WAIT_MS } from "../kit"
import { ProviderBusyError } from "../provider"
import { SAMPLE_CONTACT, fakeApiPerTest, type Answer } from "../../../../../test/provider-api"
import { describeProviderContract, documentedErrors } from "../../../../../test/provider-contract"

const API_KEY = "kit_0123456789abcdef0123456789abcdef"
const TAG_ID = "4207"
const SUBSCRIBER_ID = 3141

const kitErrors = (status: number, ...errors: string[]): Answer => ({ status, body: { errors } })

/** The calls as the Kit API v4 reference documents them. */
const KIT_API = {
  headers: { "x-kit-api-key": API_KEY },
  createSubscriber: {
    method: "POST",
    path: "/v4/subscribers",
    body: {
      email_address: "Ada.Lovelace@Example.com",
      fields: {
        waitlist_position: "42",
        waitlist_referrals: "3",
        referral_code: "ada-k3x9",
        signup_source: "instagram",
        signup_medium: "social",
        signup_campaign: "drop-01",
        signup_referrer: "https://www.instagram.com/",
        signed_up_at: "2026-11-20T09:15:00.000Z",
        last_drop: "drop-01 won",
      },
    },
  },
  tagSubscriber: { method: "POST", path: `/v4/tags/${TAG_ID}/subscribers`, body: { email_address: "Ada.Lovelace@Example.com" } },
  findSubscriber: { method: "GET", path: "/v4/subscribers", query: { email_address: "Ada.Lovelace@Example.com" } },
  unsubscribe: { method: "POST", path: `/v4/subscribers/${SUBSCRIBER_ID}/unsubscribe`, body: {} },
  subscriber: {
    id: SUBSCRIBER_ID,
    first_name: null,
    email_address: "ada.lovelace@example.com",
    state: "active",
    created_at: "2026-11-20T09:16:00Z",
    fields: {},
  },
  invalidAddress: kitErrors(422, "Email address is invalid"),
  badKey: kitErrors(401, "The access token is invalid"),
  // Kit's 429 has no Retry-After; when one comes (from a proxy), we honour it.
  tooMany: { status: 429, headers: { "retry-after": "7" }, body: "Retry later" },
  serverError: kitErrors(500, "Something went wrong"),
} as const

const withKey = <T extends object>(request: T) => ({ ...request, headers: KIT_API.headers })

const create = (apiUrl: string, options: { timeoutMs?: number } = {}) => createKitProvider({ apiKey: API_KEY, tagId: TAG_ID, apiUrl, ...options })

describeProviderContract("Kit", {
  create,
  contact: SAMPLE_CONTACT,
  upsert: [
    { request: withKey(KIT_API.createSubscriber), answer: { status: 201, body: { subscriber: KIT_API.subscriber } } },
    { request: withKey(KIT_API.tagSubscriber), answer: { status: 201, body: { subscriber: { ...KIT_API.subscriber, tagged_at: "2026-11-20T09:16:00Z" } } } },
  ],
  remove: [
    { request: withKey(KIT_API.findSubscriber), answer: { status: 200, body: { subscribers: [KIT_API.subscriber], pagination: { has_next_page: false } } } },
    { request: withKey(KIT_API.unsubscribe), answer: { status: 204 } },
  ],
  removeUnknown: [{ request: withKey(KIT_API.findSubscriber), answer: { status: 200, body: { subscribers: [], pagination: { has_next_page: false } } } }],
  errors: documentedErrors(KIT_API),
})

describe("Kit specifics", () => {
  const api = fakeApiPerTest()

  it("waits the minute Kit documents when its 429 gives no Retry-After", async () => {
    api.answer({ status: 429, body: "Retry later" })
    const error = await create(api.url)
      .upsert(SAMPLE_CONTACT)
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ProviderBusyError)
    expect((error as ProviderBusyError).retryAfterMs).toBe(KIT_RATE_LIMIT_WAIT_MS)
  })

  it("only creates or updates the subscriber when no tag is set", async () => {
    api.answer({ status: 200, body: { subscriber: KIT_API.subscriber } })
    await createKitProvider({ apiKey: API_KEY, apiUrl: api.url }).upsert(SAMPLE_CONTACT)
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual(["POST /v4/subscribers"])
  })

  it("treats an unknown tag (404) as a lasting refusal", async () => {
    api.answer({ status: 200, body: { subscriber: KIT_API.subscriber } }, kitErrors(404, "Not Found"))
    await expect(create(api.url).upsert(SAMPLE_CONTACT)).rejects.toMatchObject({ name: "ProviderRejectedError" })
  })

  it("refuses a tag id that is not a number, naming the setting", () => {
    expect(() => createKitProvider({ apiKey: API_KEY, tagId: "waitlist" })).toThrow(/EMAIL_PROVIDER_LIST_ID/)
  })
})
