import fc from "fast-check"
import pg from "pg"
import { freshDatabase } from "../../../../test/postgres"
import {
  createPostgresRateLimiter,
  createRateLimiter,
  makeRateLimiter,
  secondsUntilToken,
  takeToken,
  takeTokens,
  type Bucket,
  type Query,
  type RateDecision,
  type RateRule,
} from "../rate-limit"

const fakeClock = (start = 1_000_000) => {
  let time = start
  return { now: () => time, advance: (ms: number) => (time += ms) }
}

/** Requests from one client at the given times (ms, in order), each decided by the pure rule. */
const decide = (times: number[], rule: RateRule): RateDecision[] => {
  let bucket: Bucket | undefined
  return times.map((time) => {
    const step = takeToken(bucket, time, rule)
    bucket = step.bucket
    return step.decision
  })
}

const allowedCount = (decisions: RateDecision[]): number => decisions.filter((decision) => decision.allowed).length

describe("the token bucket rule", () => {
  const rule: RateRule = { limit: 10, windowMs: 60_000 }

  it("lets a burst of `limit` through at once and refuses the next", () => {
    const decisions = decide(new Array<number>(11).fill(0), rule)
    expect(allowedCount(decisions.slice(0, 10))).toBe(10)
    expect(decisions[10]).toEqual({ allowed: false, retryAfterSeconds: 6 })
  })

  it("refills one token every window / limit, continuously", () => {
    // 10 per minute: a token every 6 s.
    const burst = new Array<number>(10).fill(0)
    expect(decide([...burst, 5_999], rule)[10].allowed).toBe(false)
    expect(decide([...burst, 6_000], rule)[10].allowed).toBe(true)
    expect(allowedCount(decide([...burst, 30_000, 30_000, 30_000, 30_000, 30_000, 30_000], rule))).toBe(15)
    // A bucket never holds more than `limit`, however long the client was away.
    expect(allowedCount(decide([...burst, ...new Array<number>(20).fill(3_600_000)], rule))).toBe(20)
  })

  it("does not let twice the limit through around a window's end, as a fixed window did", () => {
    // One request opens a fixed window; a burst just before it ends and another just after it
    // would get 2 x limit - 1 through within 2 ms.
    const times = [0, ...new Array<number>(10).fill(59_999), ...new Array<number>(10).fill(60_001)]
    expect(allowedCount(decide(times, rule).slice(1))).toBe(10)
  })

  it("never lets more than limit + limit x T / window through in any span of T ms", () => {
    const small: RateRule = { limit: 3, windowMs: 1_000 }
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 400 }), { maxLength: 60 }), (gaps) => {
        const times = gaps.reduce<number[]>((all, gap) => [...all, (all.at(-1) ?? 0) + gap], [])
        const decisions = decide(times, small)
        const allowedTimes = times.filter((_time, i) => decisions[i].allowed)
        allowedTimes.forEach((start, i) =>
          allowedTimes.slice(i).forEach((end, j) => expect(j + 1).toBeLessThanOrEqual(small.limit + ((end - start) * small.limit) / small.windowMs + 1e-9)),
        )
      }),
    )
  })

  it("says in Retry-After the whole seconds until a token is back, at least one", () => {
    expect(secondsUntilToken(0, rule)).toBe(6)
    expect(secondsUntilToken(0.5, rule)).toBe(3)
    expect(secondsUntilToken(0.9999, rule)).toBe(1)
    expect(decide([0, 0, 999], { limit: 1, windowMs: 1_000 })[2]).toEqual({ allowed: false, retryAfterSeconds: 1 })
    expect(decide([...new Array<number>(11).fill(0), 2_500], rule)[11]).toEqual({ allowed: false, retryAfterSeconds: 4 })
  })

  it("takes nothing for a refused request, so hammering costs no more than the wait", () => {
    const hammering = [...new Array<number>(10).fill(0), ...Array.from({ length: 100 }, (_, i) => 10 * i), 6_000]
    expect(decide(hammering, rule).at(-1)).toEqual({ allowed: true })
  })

  /** Two requests through, and the two after them told to come back in 3 seconds. */
  const TWO_THEN_WAIT_3_S = [{ allowed: true }, { allowed: true }, { allowed: false, retryAfterSeconds: 3 }, { allowed: false, retryAfterSeconds: 3 }]

  it("answers requests arriving together as one after the other", () => {
    expect(takeTokens(2.5, [1, 1, 1, 1], rule)).toEqual(TWO_THEN_WAIT_3_S)
    expect(takeTokens(10, [], rule)).toEqual([])
  })

  it("lets a request that takes nothing through only while the bucket is not empty, as any other", () => {
    expect(takeTokens(1.5, [0, 1, 0, 1], rule)).toEqual(TWO_THEN_WAIT_3_S)
    expect(takeTokens(2, [0, 0, 0], rule).every((decision) => decision.allowed)).toBe(true)
  })
})

describe("rate limiter in memory", () => {
  it("allows a burst of `limit`, then refuses with the seconds until a token is back", () => {
    const clock = fakeClock()
    const limiter = createRateLimiter(3, 60_000, clock.now)
    expect([limiter.hit("a"), limiter.hit("a"), limiter.hit("a")]).toEqual([{ allowed: true }, { allowed: true }, { allowed: true }])
    clock.advance(5_500)
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 15 })
    clock.advance(14_500)
    expect(limiter.hit("a")).toEqual({ allowed: true })
  })

  it("meets the bucket without taking from it for a hit that costs nothing", () => {
    const limiter = createRateLimiter(2, 60_000, fakeClock().now)
    for (let i = 0; i < 5; i += 1) expect(limiter.hit("a", 0)).toEqual({ allowed: true })
    expect([limiter.hit("a"), limiter.hit("a")]).toEqual([{ allowed: true }, { allowed: true }])
    expect(limiter.hit("a", 0)).toEqual({ allowed: false, retryAfterSeconds: 30 })
  })

  it("counts each client separately", () => {
    const limiter = createRateLimiter(1, 60_000, fakeClock().now)
    expect(limiter.hit("a").allowed).toBe(true)
    expect(limiter.hit("a").allowed).toBe(false)
    expect(limiter.hit("b").allowed).toBe(true)
  })

  it("forgets full buckets, and only those, so memory stays bounded", () => {
    const clock = fakeClock()
    const limiter = createRateLimiter(2, 1_000, clock.now)
    limiter.hit("old")
    clock.advance(1_000)
    limiter.hit("new")
    limiter.hit("new")
    // "old" is full again and forgotten; "new" is empty and kept.
    expect(limiter.size).toBe(1)
    expect(limiter.hit("new").allowed).toBe(false)
    expect([limiter.hit("old"), limiter.hit("old"), limiter.hit("old")].map((decision) => decision.allowed)).toEqual([true, true, false])
  })
})

describe("rate limiter in PostgreSQL", () => {
  const pools: pg.Pool[] = []
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()))
  })

  /** One server instance's connection pool; `statements` records what it sent. */
  const instance = (url: string) => {
    const pool = new pg.Pool({ connectionString: url, max: 3 })
    pools.push(pool)
    const statements: string[] = []
    const running: Array<Promise<unknown>> = []
    const query: Query = async (text, values) => {
      statements.push(text)
      const answer = pool.query(text, values)
      running.push(answer.catch(() => undefined))
      return (await answer).rows
    }
    const takes = () => statements.filter((text) => text.includes("insert into signup_rate_limits")).length
    const sweeps = () => statements.filter((text) => text.startsWith("delete from signup_rate_limits")).length
    /** Every statement sent so far has finished (sweeps are sent without waiting for them). */
    const settled = () => Promise.all(running)
    return { pool, query, takes, sweeps, settled }
  }

  let url: string
  beforeEach(async () => {
    url = await freshDatabase()
  })

  it("shares one limit between two instances on one database", async () => {
    const [first, second] = [instance(url), instance(url)]
    const limiterA = createPostgresRateLimiter(first.query, 3, 60_000)
    const limiterB = createPostgresRateLimiter(second.query, 3, 60_000)
    expect(await limiterA.hit("198.51.100.7")).toEqual({ allowed: true })
    expect(await limiterB.hit("198.51.100.7")).toEqual({ allowed: true })
    expect(await limiterA.hit("198.51.100.7")).toEqual({ allowed: true })
    expect(await limiterB.hit("198.51.100.7")).toEqual({ allowed: false, retryAfterSeconds: expect.any(Number) })
    expect(await limiterA.hit("198.51.100.7")).toMatchObject({ allowed: false })
    expect(await limiterB.hit("2001:db8:1:2::/64")).toEqual({ allowed: true })
  })

  it("decides a burst of hits in one turn with one statement, letting exactly `limit` through", async () => {
    const server = instance(url)
    const limiter = createPostgresRateLimiter(server.query, 5, 60_000)
    const decisions = await Promise.all([...Array.from({ length: 40 }, () => limiter.hit("a")), limiter.hit("b"), limiter.hit("c")])
    expect(server.takes()).toBe(1)
    expect(allowedCount(decisions.slice(0, 40))).toBe(5)
    expect(decisions.slice(0, 5).every((decision) => decision.allowed)).toBe(true)
    expect(decisions.slice(5, 40)).toEqual(new Array(35).fill({ allowed: false, retryAfterSeconds: 12 }))
    expect(decisions.slice(40)).toEqual([{ allowed: true }, { allowed: true }])
  })

  it("takes nothing for hits that cost nothing, and refuses them like others once the bucket is empty", async () => {
    const server = instance(url)
    const limiter = createPostgresRateLimiter(server.query, 3, 60_000)
    const free = await Promise.all(Array.from({ length: 10 }, () => limiter.hit("a", 0)))
    expect(allowedCount(free)).toBe(10)
    const mixed = await Promise.all([limiter.hit("a"), limiter.hit("a", 0), limiter.hit("a"), limiter.hit("a"), limiter.hit("a", 0), limiter.hit("a")])
    expect(mixed.map((decision) => decision.allowed)).toEqual([true, true, true, true, false, false])
    expect(server.takes()).toBe(2)
  })

  it("lets exactly `limit` through when instances hit the same client at the same moment", async () => {
    const limiters = [instance(url), instance(url), instance(url)].map((server) => createPostgresRateLimiter(server.query, 10, 60_000))
    // The table exists before the race, as it would after the first signup.
    await limiters[0].hit("warm-up")
    const decisions = await Promise.all(limiters.flatMap((limiter) => Array.from({ length: 15 }, () => limiter.hit("203.0.113.9"))))
    expect(allowedCount(decisions)).toBe(10)
  })

  it("refills with time, by the database's clock", async () => {
    const server = instance(url)
    const limiter = createPostgresRateLimiter(server.query, 10, 60_000)
    await Promise.all(Array.from({ length: 10 }, () => limiter.hit("a")))
    expect(await limiter.hit("a")).toMatchObject({ allowed: false })
    // Half a window ago, as far as the bucket knows: half of it is back.
    await server.pool.query("update signup_rate_limits set updated_at = updated_at - interval '30 seconds'")
    expect(allowedCount(await Promise.all(Array.from({ length: 8 }, () => limiter.hit("a"))))).toBe(5)
  })

  it("deletes buckets that are full again, once a window, so the table stays small", async () => {
    const server = instance(url)
    const clock = fakeClock()
    const limiter = createPostgresRateLimiter(server.query, 2, 60_000, clock.now)
    await limiter.hit("old")
    // A window ago, as far as the database knows: "old" is full again.
    await server.pool.query("update signup_rate_limits set updated_at = updated_at - interval '61 seconds'")
    const keys = async () => (await server.pool.query<{ key: string }>("select key from signup_rate_limits order by key")).rows.map((row) => row.key)
    clock.advance(59_999)
    await limiter.hit("new")
    await server.settled()
    expect({ sweeps: server.sweeps(), keys: await keys() }).toEqual({ sweeps: 0, keys: ["new", "old"] })
    clock.advance(1)
    await limiter.hit("new")
    await server.settled()
    expect({ sweeps: server.sweeps(), keys: await keys() }).toEqual({ sweeps: 1, keys: ["new"] })
    // The next sweep waits another window.
    await limiter.hit("new")
    expect(server.sweeps()).toBe(1)
  })

  it("creates its table on first use, once, even when two instances start together", async () => {
    const decisions = await Promise.all(
      [instance(url), instance(url), instance(url)].map((server) => createPostgresRateLimiter(server.query, 1, 60_000).hit("a")),
    )
    expect(allowedCount(decisions)).toBe(1)
    const [{ persistence }] = (
      await instance(url).pool.query<{ persistence: string }>("select relpersistence as persistence from pg_class where relname = 'signup_rate_limits'")
    ).rows
    // "u": unlogged.
    expect(persistence).toBe("u")
  })

  it("rejects every waiting hit with the database's error when it cannot be reached", async () => {
    const unreachable = instance("postgres://block94@127.0.0.1:1/none")
    const limiter = createPostgresRateLimiter(unreachable.query, 5, 60_000)
    const hits = [limiter.hit("a"), limiter.hit("b")]
    await expect(hits[0]).rejects.toThrow(/ECONNREFUSED/)
    await expect(hits[1]).rejects.toThrow(/ECONNREFUSED/)
  })

  it("is what the settings call for with a database, and in memory without one", async () => {
    const settings = { rateLimit: 1, rateWindowMs: 60_000 }
    const shared = makeRateLimiter(settings, instance(url).query)
    const answer = shared.hit("a")
    expect(answer).toBeInstanceOf(Promise)
    expect(await answer).toEqual({ allowed: true })
    const inMemory = makeRateLimiter(settings, null)
    expect(inMemory.hit("a")).toEqual({ allowed: true })
    expect(inMemory.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 60 })
  })
})
