// With double opt-in, the time an answer takes says nothing of who is on the list, even when a
// known address's own work is slower than a new one's. On a clock of the test's own: the store
// (real SQLite) moves it by what each call would cost on a slow disk, and the pace's wait moves it
// by what it holds the answer, so the times below are the ones a prober would see, without sleeping.
import { newSignupsFile } from "../../../../test/store-engines"
import { signupFields, SITE_URL } from "../../../../test/mail-service"
import { openEmbeddedStore } from "../../store/open-store"
import type { SignupStore } from "../../store/store"
import { createAnswerPaces, PACE_JITTER_MS } from "../answer-pace"
import { createSignupService } from "../service"

const START = new Date("2026-11-22T12:00:00.000Z")
const LATER = new Date(START.getTime() + 2 * 3_600_000)
/** Own work in fake milliseconds: a known address's is three times a new one's. */
const COST = { added: 2, known: 6, queued: 5, quiet: 1 }
/** Hundreds of real commits: more than Jest's default 5 s on a busy machine. */
const MANY_COMMITS_MS = 60_000

/** A repeatable stream of numbers in [0, 1) for the jitter, so no run differs. */
const numbers = (seed: number) => {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31
    return state / 2 ** 31
  }
}
const quantile = (values: number[], q: number): number => [...values].sort((a, b) => a - b)[Math.floor(q * values.length)]
const shareUnder = (values: number[], limit: number): number => values.filter((value) => value < limit).length / values.length

let store: SignupStore
afterEach(() => store.close())

/** The store, its calls costing time on the test's clock, and a service paced on that clock. */
const setUp = () => {
  const clock = { ms: 0 }
  store = openEmbeddedStore(newSignupsFile(), 10)
  const slowStore: SignupStore = {
    ...store,
    add: async (signup) => {
      const result = await store.add(signup)
      clock.ms += result.kind === "added" ? COST.added : COST.known
      return result
    },
    queueMail: async (...request) => {
      const queued = await store.queueMail(...request)
      clock.ms += queued ? COST.queued : COST.quiet
      return queued
    },
  }
  /** When, on the test's clock, each delivery of queued mail started. */
  const deliveriesStarted: number[] = []
  const service = createSignupService({
    store: slowStore,
    mail: { queued: async () => () => void deliveriesStarted.push(clock.ms) },
    settings: { siteUrl: SITE_URL, referralBoost: 10 },
    pace: { paces: createAnswerPaces({ random: numbers(11) }), clock: () => clock.ms, wait: async (ms) => void (clock.ms += ms) },
  })
  /** How long `call` took on the test's clock, and what it answered. */
  const timed = async <T>(call: () => Promise<T>): Promise<{ ms: number; answer: T }> => {
    const before = clock.ms
    const answer = await call()
    return { ms: clock.ms - before, answer }
  }
  return { service, timed, clock, deliveriesStarted }
}

describe("the time a signup's answer takes", () => {
  it(
    "is spread alike for known and new addresses, though a known one's own work is slower",
    async () => {
      const { service, timed } = setUp()
      const known = Array.from({ length: 100 }, (_, index) => `known${index}@example.com`)
      for (const email of known) await service.join(signupFields(email, START), START)

      const times = { new: [] as number[], known: [] as number[] }
      for (const [index, email] of known.entries()) {
        const fresh = await timed(() => service.join(signupFields(`new${index}@example.com`, START), START))
        const repeat = await timed(() => service.join(signupFields(email, START), START))
        expect(repeat.answer).toEqual(fresh.answer)
        times.new.push(fresh.ms)
        times.known.push(repeat.ms)
      }
      const newMedian = quantile(times.new, 0.5)
      expect(shareUnder(times.known, newMedian)).toBeGreaterThanOrEqual(0.4)
      expect(shareUnder(times.known, newMedian)).toBeLessThanOrEqual(0.6)
      for (const q of [0.1, 0.25, 0.75, 0.9]) expect(Math.abs(quantile(times.known, q) - quantile(times.new, q))).toBeLessThan(0.4)
      // What it costs a visitor: held to the slower kind's work and a jitter, no more.
      expect(Math.max(...times.new, ...times.known)).toBeLessThanOrEqual(COST.known + PACE_JITTER_MS)
    },
    MANY_COMMITS_MS,
  )

  it(
    "is spread alike for a resend that mails a link and one that mails nothing",
    async () => {
      const { service, timed } = setUp()
      const known = Array.from({ length: 60 }, (_, index) => `known${index}@example.com`)
      for (const email of known) await service.join(signupFields(email, START), START)
      // Their confirmation emails went out, so asking again mails each a fresh link.
      for (const entry of await store.claimDueMessages(START, 100, LATER)) await store.markDelivered(entry.id, START)

      const times = { mailed: [] as number[], nothing: [] as number[] }
      for (const [index, email] of known.entries()) {
        times.mailed.push((await timed(() => service.resend(email, LATER))).ms)
        times.nothing.push((await timed(() => service.resend(`nobody${index}@example.com`, LATER))).ms)
      }
      expect((await store.claimDueMessages(LATER, 100, LATER)).length).toBe(known.length)
      const median = quantile(times.nothing, 0.5)
      expect(shareUnder(times.mailed, median)).toBeGreaterThanOrEqual(0.4)
      expect(shareUnder(times.mailed, median)).toBeLessThanOrEqual(0.6)
    },
    MANY_COMMITS_MS,
  )

  it("starts delivering a new address's email only once its answer's pace has passed", async () => {
    const { service, timed, clock, deliveriesStarted } = setUp()
    // Known addresses' slower work lifts the floor, so a new address's answer is held back.
    for (let index = 0; index < 20; index += 1) {
      await service.join(signupFields(`known${index}@example.com`, START), START)
      await service.join(signupFields(`known${index}@example.com`, START), START)
    }
    deliveriesStarted.length = 0
    const fresh = await timed(() => service.join(signupFields("fresh@example.com", START), START))
    expect(fresh.ms).toBeGreaterThan(COST.added)
    // Delivery's own work would otherwise run inside the answer's wait, setting new addresses apart.
    expect(deliveriesStarted).toEqual([clock.ms])
  })
})
