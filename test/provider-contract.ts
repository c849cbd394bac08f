/**
 * What every email provider adapter must do against its provider's documented API, written once
 * and run per provider with that provider's spec (the requests its reference documents and the
 * answers it gives). Each adapter's test file holds its spec, next to the reference it follows.
 */
import { ProviderBusyError, ProviderRejectedError, type EmailProvider, type ProviderContact } from "../src/server/outbox/providers/provider"
import { expectDocumentedRequest, fakeApiPerTest, type Answer, type DocumentedCall } from "./provider-api"

export interface ProviderApiSpec {
  /** Builds the adapter pointed at the stand-in API. */
  create: (apiUrl: string, options?: { timeoutMs?: number }) => EmailProvider
  contact: ProviderContact
  /** The calls a join or update makes, in order, with the provider's answers when all is well. */
  upsert: DocumentedCall[]
  /** The calls leaving makes for someone the provider has. */
  remove: DocumentedCall[]
  /** The calls leaving makes for someone the provider never had, answered as it documents. */
  removeUnknown: DocumentedCall[]
  /** The provider's error answers, as documented, to the first call of a join. */
  errors: {
    /** An address the provider refuses (fake, invalid, or on its block list). */
    rejectedAddress: Answer
    /** A wrong or revoked API key. */
    badKey: Answer
    /** Too many requests, with `Retry-After: 7`. */
    tooManyRequests: Answer
    /** Its own failure. */
    serverError: Answer
  }
}

/** A provider's documented error answers, named as the adapters' specs name them. */
export const documentedErrors = (api: { invalidAddress: Answer; badKey: Answer; tooMany: Answer; serverError: Answer }): ProviderApiSpec["errors"] => ({
  rejectedAddress: api.invalidAddress,
  badKey: api.badKey,
  tooManyRequests: api.tooMany,
  serverError: api.serverError,
})

const rejection = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error("expected the call to fail, and it succeeded")
}

export const describeProviderContract = (label: string, spec: ProviderApiSpec): void => {
  describe(`${label}: the documented API`, () => {
    const api = fakeApiPerTest()

    const expectCalls = (calls: DocumentedCall[]) => {
      expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual(calls.map((call) => `${call.request.method} ${call.request.path}`))
      calls.forEach((call, index) => expectDocumentedRequest(api.requests[index], call.request))
    }

    it("adds or updates a confirmed person with the documented request", async () => {
      api.answer(...spec.upsert.map((call) => call.answer))
      await spec.create(api.url).upsert(spec.contact)
      expectCalls(spec.upsert)
    })

    it("unsubscribes or deletes someone who leaves with the documented request", async () => {
      api.answer(...spec.remove.map((call) => call.answer))
      await spec.create(api.url).remove(spec.contact.email)
      expectCalls(spec.remove)
    })

    it("treats leaving as done when the provider never had the person", async () => {
      api.answer(...spec.removeUnknown.map((call) => call.answer))
      await expect(spec.create(api.url).remove(spec.contact.email)).resolves.toBeUndefined()
      expectCalls(spec.removeUnknown)
    })

    it("asks to wait as long as a 429's Retry-After says", async () => {
      api.answer(spec.errors.tooManyRequests)
      const error = await rejection(spec.create(api.url).upsert(spec.contact))
      expect(error).toBeInstanceOf(ProviderBusyError)
      expect((error as ProviderBusyError).retryAfterMs).toBe(7000)
    })

    it("gives up for good on an address the provider rejects", async () => {
      api.answer(spec.errors.rejectedAddress)
      const error = await rejection(spec.create(api.url).upsert(spec.contact))
      expect(error).toBeInstanceOf(ProviderRejectedError)
    })

    it("gives up for good on a wrong API key", async () => {
      api.answer(spec.errors.badKey)
      const error = await rejection(spec.create(api.url).upsert(spec.contact))
      expect(error).toBeInstanceOf(ProviderRejectedError)
    })

    it("tries again later when the provider fails (500)", async () => {
      api.answer(spec.errors.serverError)
      const error = await rejection(spec.create(api.url).remove(spec.contact.email))
      expect(error).toBeInstanceOf(ProviderBusyError)
      expect((error as ProviderBusyError).retryAfterMs).toBeNull()
    })

    it("tries again later when the provider does not answer in time", async () => {
      api.answer({ status: 200, hang: true })
      const started = Date.now()
      const error = await rejection(spec.create(api.url, { timeoutMs: 300 }).upsert(spec.contact))
      expect(error).toBeInstanceOf(ProviderBusyError)
      expect(Date.now() - started).toBeLessThan(5000)
    })

    it("tries again later when the provider cannot be reached", async () => {
      const url = api.url
      await api.close()
      // A short timeout, so a connection that cannot be made is given up on quickly.
      const error = await rejection(spec.create(url, { timeoutMs: 300 }).upsert(spec.contact))
      expect(error).toBeInstanceOf(ProviderBusyError)
    })
  })
}
