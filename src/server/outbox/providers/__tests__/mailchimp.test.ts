// The Mailchimp adapter against a stand-in that checks each request as the Marketing API 3.0
// reference documents it: "Add or update list member" (PUT) and "Update list member" (PATCH),
// https://mailchimp.com/developer/marketing/api/list-members/, and answers as Mailchimp does
// (errors are application/problem+json, see .../marketing/docs/errors/).
import { createMailchimpProvider, mailchimpApiUrl, subscriberHash } from "../mailchimp"
import { ProviderSettingsError } from "../settings"
import { SAMPLE_CONTACT, fakeApiPerTest, type Answer } from "../../../../../test/provider-api"
import { describeProviderContract, documentedErrors } from "../../../../../test/provider-contract"

const API_KEY = "0123456789abcdef0123456789abcdef-us6"
const AUDIENCE_ID = "a1b2c3d4e5"
/** MD5 of "ada.lovelace@example.com": the address lower-cased, as the reference says. */
const SUBSCRIBER_HASH = "2b9150605ac374d671a306b5fcee60a0"

/** Basic auth: any user name, the API key as the password. */
const basicAuthWithKey = (value: string): boolean =>
  value.startsWith("Basic ") && Buffer.from(value.slice(6), "base64").toString("utf8").split(":").slice(1).join(":") === API_KEY

const problem = (status: number, title: string, detail: string): Answer => ({
  status,
  headers: { "content-type": "application/problem+json" },
  body: { type: "https://mailchimp.com/developer/marketing/docs/errors/", title, status, detail, instance: "8d8c4b9e-0000-4000-8000-000000000000" },
})

/** The calls as the Mailchimp Marketing API 3.0 reference documents them. */
const MAILCHIMP_API = {
  member: {
    path: `/3.0/lists/${AUDIENCE_ID}/members/${SUBSCRIBER_HASH}`,
    headers: { authorization: basicAuthWithKey },
  },
  upsertBody: {
    email_address: "Ada.Lovelace@Example.com",
    status_if_new: "subscribed",
    merge_fields: {
      POSITION: 42,
      REFERRALS: 3,
      REFCODE: "ada-k3x9",
      SOURCE: "instagram",
      MEDIUM: "social",
      CAMPAIGN: "drop-01",
      REFERRER: "https://www.instagram.com/",
      SIGNUPDATE: "2026-11-20",
      DROP: "drop-01 won",
    },
  },
  leaveBody: { status: "unsubscribed" },
  member200: { status: 200, body: { id: SUBSCRIBER_HASH, email_address: "Ada.Lovelace@Example.com", status: "subscribed" } },
  notFound: problem(404, "Resource Not Found", "The requested resource could not be found."),
  invalidAddress: problem(400, "Invalid Resource", "Ada.Lovelace@Example.com looks fake or invalid, please enter a real email address."),
  badKey: problem(401, "API Key Invalid", "Your API key may be invalid, or you've attempted to access the wrong datacenter."),
  // Mailchimp documents no Retry-After on its 429; when one comes (from it or a proxy), we honour it.
  tooMany: {
    ...problem(429, "Too Many Requests", "You have exceeded the limit of 10 simultaneous connections."),
    headers: { "content-type": "application/problem+json", "retry-after": "7" },
  },
  serverError: problem(500, "Internal Server Error", "An unexpected internal error has occurred."),
} as const

const create = (apiUrl: string, options: { timeoutMs?: number } = {}) => createMailchimpProvider({ apiKey: API_KEY, listId: AUDIENCE_ID, apiUrl, ...options })

describeProviderContract("Mailchimp", {
  create,
  contact: SAMPLE_CONTACT,
  upsert: [{ request: { method: "PUT", ...MAILCHIMP_API.member, body: MAILCHIMP_API.upsertBody }, answer: MAILCHIMP_API.member200 }],
  remove: [
    {
      request: { method: "PATCH", ...MAILCHIMP_API.member, body: MAILCHIMP_API.leaveBody },
      answer: { ...MAILCHIMP_API.member200, body: { status: "unsubscribed" } },
    },
  ],
  removeUnknown: [{ request: { method: "PATCH", ...MAILCHIMP_API.member, body: MAILCHIMP_API.leaveBody }, answer: MAILCHIMP_API.notFound }],
  errors: documentedErrors(MAILCHIMP_API),
})

describe("Mailchimp specifics", () => {
  const api = fakeApiPerTest()

  it("finds the data center in the key's -usX suffix", () => {
    expect(mailchimpApiUrl("abc-us6")).toBe("https://us6.api.mailchimp.com")
    expect(mailchimpApiUrl("abc-US21")).toBe("https://us21.api.mailchimp.com")
    expect(() => mailchimpApiUrl("abc")).toThrow(ProviderSettingsError)
    expect(() => mailchimpApiUrl("abc")).toThrow(/EMAIL_PROVIDER_API_KEY/)
  })

  it("names each member by the MD5 of the lower-cased address", () => {
    expect(subscriberHash("ADA.LOVELACE@EXAMPLE.COM")).toBe(SUBSCRIBER_HASH)
  })

  it("leaves unknown attribution out instead of blanking it, and the date is a date", async () => {
    api.answer(MAILCHIMP_API.member200)
    await create(api.url).upsert({ ...SAMPLE_CONTACT, source: null, medium: null, campaign: null, referrer: null, drop: null })
    expect(api.requests[0].body).toEqual({
      email_address: "Ada.Lovelace@Example.com",
      status_if_new: "subscribed",
      merge_fields: { POSITION: 42, REFERRALS: 3, REFCODE: "ada-k3x9", SIGNUPDATE: "2026-11-20" },
    })
  })

  it("treats a missing audience (404 on join) as a lasting refusal, not a retry", async () => {
    api.answer(MAILCHIMP_API.notFound)
    await expect(create(api.url).upsert(SAMPLE_CONTACT)).rejects.toMatchObject({ name: "ProviderRejectedError" })
  })
})
