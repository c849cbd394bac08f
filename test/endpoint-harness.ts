/**
 * The signup service's endpoints as any host calls them, over a real service and a real SQLite
 * store: a set-up per test with a rate limiter that answers as told, and requests carrying a valid
 * signup unless told otherwise.
 */
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { handleSignupRequest } from "../src/server/http/signup-handler"
import type { ApiRequest, HandlerDependencies } from "../src/server/http/kit"
import type { RateDecision } from "../src/server/http/rate-limit"
import { createSignupService } from "../src/server/waitlist/service"
import { openEmbeddedStore } from "../src/server/store/open-store"
import type { SignupStore } from "../src/server/store/store"
import { apiRequest } from "./api-request"

export const NOW = new Date("2026-11-22T12:00:00.000Z")
export const SITE_URL = "https://block94.example"
export const validFields = { email: "Someone@Example.com", source: "website_signup", timestamp: "2026-11-22T11:59:59.000Z" }

const stores: SignupStore[] = []

/** Closes the stores the test opened; a file's `afterEach`. */
export async function closeStores(): Promise<void> {
  await Promise.all(stores.splice(0).map((store) => store.close()))
}

/** The endpoints' dependencies over `store` (a fresh SQLite file unless given), without mail, the limiter answering `decision`. */
export function setUp(options: { decision?: RateDecision; store?: SignupStore } = {}) {
  const store = options.store ?? openEmbeddedStore(join(mkdtempSync(join(tmpdir(), "block94-endpoints-")), "signups.db"), 10)
  stores.push(store)
  const logError = jest.fn()
  const deps: HandlerDependencies = {
    service: createSignupService({ store, mail: null, settings: { siteUrl: SITE_URL, referralBoost: 10 } }),
    rateLimiter: { hit: jest.fn(() => options.decision ?? { allowed: true }) },
    now: () => NOW,
    logError,
  }
  return { store, deps, logError }
}

/** A JSON POST carrying a valid signup unless `body` says otherwise. */
export function request(overrides: Partial<ApiRequest> & { body?: string } = {}): ApiRequest {
  return apiRequest({ body: JSON.stringify(validFields), ...overrides })
}

/** Signs up a valid signup, with `fields` changed. */
export function signUp(deps: HandlerDependencies, fields: Record<string, unknown> = {}) {
  return handleSignupRequest(request({ body: JSON.stringify({ ...validFields, ...fields }) }), deps)
}
