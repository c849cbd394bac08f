// Views wait in memory for their batch: one write per batch whatever the number of views, what
// cannot be written waits for the next, and where memory does not last each view is written at once.
import type { Visit } from "../../../signup/visit"
import { storeEngines } from "../../../../test/store-engines"
import type { SignupStore } from "../store"
import { createVisitCounter, VISIT_FLUSH_MS } from "../visit-counter"
import { COUNTERS_PER_STATEMENT, countersOf, sumCounts, type VisitCount, type VisitStore } from "../visit-store"

const AT = new Date("2026-11-23T14:20:00.000Z")
const home: Visit = { path: "/", landing: true, referrer: null, source: "tiktok", campaign: null, ref: null }
const about: Visit = { path: "/about/", landing: false, referrer: null, source: null, campaign: null, ref: null }

/** The store, with every batch it is handed recorded (its rows), and a switch that makes writing fail. */
const recorded = (store: SignupStore) => {
  const batches: number[] = []
  let failing = false
  const writer: Pick<VisitStore, "addVisitCounts"> = {
    addVisitCounts: async (counts: readonly VisitCount[]) => {
      if (failing) throw new Error("the database is out of reach")
      batches.push(sumCounts(counts).length)
      await store.addVisitCounts(counts)
    },
  }
  return { writer, batches, fail: (on: boolean) => (failing = on) }
}

const errors: string[] = []
const logError = (message: string) => errors.push(message)

describe.each(storeEngines())("the visit counter on %s", (_engine, open) => {
  let store: SignupStore
  beforeEach(async () => {
    store = await open()
    errors.length = 0
  })
  afterEach(async () => {
    jest.useRealTimers()
    await store.close()
  })

  it("writes 10,000 views as one batch, a row per counter, when the flush interval comes", async () => {
    jest.useFakeTimers({ doNotFake: ["setImmediate", "nextTick", "queueMicrotask"] })
    const { writer, batches } = recorded(store)
    const counter = createVisitCounter(writer, { serverless: false, logError })
    for (let i = 0; i < 10_000; i++) await counter.count(i % 4 === 0 ? home : about, AT)
    expect(batches).toEqual([])
    expect(await store.visitTotals()).toEqual({ views: 0, visits: 0 })
    jest.advanceTimersByTime(VISIT_FLUSH_MS)
    // The interval's own write, nothing asked of it: wait (on real I/O) until it has happened.
    for (let turn = 0; turn < 10_000 && (await store.visitTotals()).views === 0; turn++) await new Promise((resolve) => setImmediate(resolve))
    expect(batches).toEqual([sumCounts([...countersOf(home, AT), ...countersOf(about, AT)]).length])
    expect(await store.visitTotals()).toEqual({ views: 10_000, visits: 2_500 })
    await counter.close()
  })

  it("writes a full batch at once, without waiting for the interval", async () => {
    const { writer, batches } = recorded(store)
    const counter = createVisitCounter(writer, { serverless: false, flushMs: 3_600_000, logError })
    const paths = Math.ceil(COUNTERS_PER_STATEMENT / 4)
    for (let i = 0; i < paths; i++) await counter.count({ ...about, path: `/p${i}/` }, AT)
    await counter.flush()
    expect(batches.length).toBeGreaterThanOrEqual(1)
    expect(batches.every((rows) => rows <= COUNTERS_PER_STATEMENT)).toBe(true)
    expect(await store.visitTotals()).toEqual({ views: paths, visits: 0 })
    await counter.close()
  })

  it("keeps a batch that could not be written for the next one, and loses no view", async () => {
    const { writer, batches, fail } = recorded(store)
    const counter = createVisitCounter(writer, { serverless: false, logError })
    await counter.count(home, AT)
    fail(true)
    await counter.flush()
    expect(errors).toEqual(["visits: counts could not be written, kept for the next batch"])
    await counter.count(home, AT)
    fail(false)
    await counter.close()
    expect(batches).toHaveLength(1)
    expect(await store.visitTotals()).toEqual({ views: 2, visits: 2 })
  })

  it("writes each view at once where memory does not last (serverless)", async () => {
    const { writer, batches } = recorded(store)
    const counter = createVisitCounter(writer, { serverless: true, logError })
    await counter.count(home, AT)
    await counter.count(about, AT)
    expect(batches).toEqual([countersOf(home, AT).length, countersOf(about, AT).length])
    expect(await store.visitTotals()).toEqual({ views: 2, visits: 1 })
  })
})
