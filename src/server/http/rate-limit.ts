/**
 * Rate limiting per client as a token bucket: a client's bucket holds at most `limit` tokens and
 * refills continuously at `limit` per `windowMs`; each request takes one, and a request that finds
 * no whole token is refused. Unlike a fixed window, no boundary lets twice the limit through.
 *
 * The rule is one pure function, `takeToken`. Two limiters apply it: one in memory, for the
 * embedded setup on one machine, and one in PostgreSQL (DATABASE_URL), whose buckets every
 * instance of the service shares, so the limit holds however many instances run.
 */

/** The tokens one request takes: 1, or 0 for one that must find the bucket not empty but takes nothing. */
export type HitCost = 0 | 1

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

export interface RateLimiter {
  readonly limit: number
  readonly windowMs: number
  /**
   * Counts one request from `clientKey` and says whether it may go on. `cost` 0 meets the bucket
   * without taking from it: refused while it is empty, like any other (a right secret, see secret-gate.ts).
   */
  hit(clientKey: string, cost?: HitCost): RateDecision | Promise<RateDecision>
}

/** In memory, the answer is known at once. */
export interface MemoryRateLimiter extends RateLimiter {
  hit(clientKey: string, cost?: HitCost): RateDecision
  /** How many buckets are kept: the clients whose buckets are not full. */
  readonly size: number
}

export interface RateRule {
  /** The bucket's capacity: the largest burst. */
  limit: number
  /** The time in which an empty bucket fills up again. */
  windowMs: number
}

/** A client's bucket: the tokens it held at time `at` (ms). */
export interface Bucket {
  tokens: number
  at: number
}

/** The tokens a bucket holds at `now`, refilled since it was last seen. */
export function tokensAt(bucket: Bucket, now: number, { limit, windowMs }: RateRule): number {
  return Math.min(limit, bucket.tokens + (Math.max(0, now - bucket.at) * limit) / windowMs)
}

/** Seconds until a bucket holding `tokens` has a whole token again; at least 1, as Retry-After. */
export function secondsUntilToken(tokens: number, { limit, windowMs }: RateRule): number {
  return Math.max(1, Math.ceil(((1 - tokens) * windowMs) / limit / 1000))
}

/**
 * The token bucket rule: one request at `now` against a client's bucket (undefined: a client not
 * seen lately, whose bucket is full). A refused request takes nothing, so it costs the client no
 * more than the wait.
 */
export function takeToken(bucket: Bucket | undefined, now: number, rule: RateRule, cost: HitCost = 1): { decision: RateDecision; bucket: Bucket } {
  const tokens = bucket ? tokensAt(bucket, now, rule) : rule.limit
  if (tokens >= 1) return { decision: { allowed: true }, bucket: { tokens: tokens - cost, at: now } }
  return { decision: { allowed: false, retryAfterSeconds: secondsUntilToken(tokens, rule) }, bucket: { tokens, at: now } }
}

/** The decisions for requests arriving together, in order, with their costs, at a bucket that holds `tokens`. */
export function takeTokens(tokens: number, costs: readonly HitCost[], rule: RateRule): RateDecision[] {
  const decisions: RateDecision[] = []
  let bucket: Bucket = { tokens, at: 0 }
  for (const cost of costs) {
    const step = takeToken(bucket, 0, rule, cost)
    decisions.push(step.decision)
    bucket = step.bucket
  }
  return decisions
}

/** For one process: buckets in memory. `now` is injectable for tests. */
export function createRateLimiter(limit: number, windowMs: number, now: () => number = Date.now): MemoryRateLimiter {
  const rule: RateRule = { limit, windowMs }
  const buckets = new Map<string, Bucket>()
  let lastSweepAt = now()

  // A full bucket is the same as none: forgetting full ones now and then keeps memory bounded by
  // the clients seen within one window.
  const sweep = (time: number): void => {
    if (time - lastSweepAt < windowMs) return
    lastSweepAt = time
    for (const [key, bucket] of buckets) {
      if (tokensAt(bucket, time, rule) >= limit) buckets.delete(key)
    }
  }

  return {
    limit,
    windowMs,
    get size() {
      return buckets.size
    },
    hit(clientKey, cost = 1) {
      const time = now()
      sweep(time)
      const { decision, bucket } = takeToken(buckets.get(clientKey), time, rule, cost)
      buckets.set(clientKey, bucket)
      return decision
    },
  }
}

/** Runs one SQL statement with `$1`-style parameters and gives its rows (a connection pool's query). */
export type Query = (text: string, values: unknown[]) => Promise<Array<Record<string, unknown>>>

// Unlogged: rate state need not survive a crash, and skipping the write-ahead log keeps each hit
// cheap. A row is a bucket as its last hits found it: `tokens` held at `updated_at`, of which
// those hits took `taken`. No index but the key, so updates stay in place (HOT).
const CREATE_TABLE = `
  create unlogged table if not exists signup_rate_limits (
    key text primary key,
    tokens double precision not null,
    taken integer not null,
    updated_at timestamptz not null
  )`

// One statement decides a batch of hits: $1 client keys, $2 hits per key that take a token, $3
// limit, $4 window in ms. It returns the tokens each bucket held before these hits; takeTokens
// answers each hit. (Hits that take nothing change no count: the tokens taken are the same
// whatever their place among the others.)
const TAKE_TOKENS = `
  insert into signup_rate_limits as bucket (key, tokens, taken, updated_at)
  -- A new client: a full bucket, of which the hits take what they can.
  select key, $3::integer, least(hits, $3::integer), clock_timestamp()
  from unnest($1::text[], $2::integer[]) as batch (key, hits)
  -- A known client: its bucket refilled since (as tokensAt); the hits take as many whole tokens
  -- as it holds (as takeToken, once a hit). excluded.taken is least(hits, limit), and refilled is
  -- at most limit, so least(excluded.taken, ...) is least(hits, ...). clock_timestamp() is read
  -- under the row's lock, so a bucket's times follow the order of its updates.
  on conflict (key) do update set (tokens, taken, updated_at) = (
    select refilled, least(excluded.taken, floor(refilled)), now
    from (select clock_timestamp() as now) as clock,
    lateral (select least($3::integer, bucket.tokens - bucket.taken
      + greatest(0, extract(epoch from now - bucket.updated_at)) * 1000 * $3::integer / $4::integer) as refilled) as refill
  )
  returning key, tokens`

// A bucket untouched for a whole window is full again, the same as no row.
const DELETE_FULL = `delete from signup_rate_limits where updated_at < clock_timestamp() - $1::integer * interval '1 millisecond'`

/**
 * Two instances creating the table at once: the loser's "if not exists" can still fail, as a
 * unique violation in the catalog (23505), a duplicate table (42P07) or its row type (42710).
 */
function isAlreadyCreated(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === "23505" || code === "42P07" || code === "42710"
}

interface Waiting {
  cost: HitCost
  resolve(decision: RateDecision): void
  reject(error: unknown): void
}

/**
 * For any number of instances: buckets in PostgreSQL, through `query`. Hits that arrive in the
 * same turn of the event loop go to the database together, in one statement. When the database
 * cannot be reached, the hits reject with its error.
 */
export function createPostgresRateLimiter(query: Query, limit: number, windowMs: number, now: () => number = Date.now): RateLimiter {
  const rule: RateRule = { limit, windowMs }
  let tableReady: Promise<void> | null = null
  let batch = new Map<string, Waiting[]>()
  let lastSweepAt = now()

  const ensureTable = (): Promise<void> => {
    tableReady ??= query(CREATE_TABLE, []).then(
      () => undefined,
      async (error: unknown) => {
        if (isAlreadyCreated(error)) return
        // Whatever the race said, the table may be there now: then all is well.
        const [found] = await query("select to_regclass('signup_rate_limits') as name", []).catch(() => [])
        if (found?.name) return
        // Try again with the next hits, once the database is back.
        tableReady = null
        throw error
      },
    )
    return tableReady
  }

  const sweep = (): void => {
    if (now() - lastSweepAt < windowMs) return
    lastSweepAt = now()
    // Nobody waits for this; if it fails, the next sweep deletes the same rows.
    query(DELETE_FULL, [windowMs]).catch(() => undefined)
  }

  const send = async (hits: Map<string, Waiting[]>): Promise<void> => {
    try {
      await ensureTable()
      const entries = [...hits]
      const taking = entries.map(([, waiting]) => waiting.filter((hit) => hit.cost > 0).length)
      const rows = await query(TAKE_TOKENS, [entries.map(([key]) => key), taking, limit, windowMs])
      const tokensByKey = new Map(rows.map((row) => [String(row.key), Number(row.tokens)]))
      for (const [key, waiting] of hits) {
        const tokens = tokensByKey.get(key)
        if (tokens === undefined) throw new Error(`The rate limit statement gave no bucket for ${key}`)
        takeTokens(
          tokens,
          waiting.map((hit) => hit.cost),
          rule,
        ).forEach((decision, i) => waiting[i].resolve(decision))
      }
      sweep()
    } catch (error) {
      // Promises already resolved ignore this.
      for (const waiting of hits.values()) for (const hit of waiting) hit.reject(error)
    }
  }

  return {
    limit,
    windowMs,
    hit(clientKey, cost = 1) {
      return new Promise((resolve, reject) => {
        if (batch.size === 0) {
          // After the I/O callbacks of this turn: every hit they make goes in the same statement.
          setImmediate(() => {
            const hits = batch
            batch = new Map()
            void send(hits)
          })
        }
        const waiting = batch.get(clientKey)
        if (waiting) waiting.push({ cost, resolve, reject })
        else batch.set(clientKey, [{ cost, resolve, reject }])
      })
    },
  }
}

/** Requests one client may send per window (SIGNUP_RATE_LIMIT, SIGNUP_RATE_WINDOW_MS). */
export interface RateSettings {
  rateLimit: number
  rateWindowMs: number
}

/** The limiter the settings call for: shared through PostgreSQL when there is one, else in memory. */
export function makeRateLimiter(settings: RateSettings, query: Query | null): RateLimiter {
  return query ? createPostgresRateLimiter(query, settings.rateLimit, settings.rateWindowMs) : createRateLimiter(settings.rateLimit, settings.rateWindowMs)
}

/** Reads (status pages, invitations, challenges) and one-click unsubscribes get this many times the write budget per client. */
export const READ_BUDGET = 6
/** A network (an IPv4 /24, an IPv6 /48) gets this many times one client's (an IPv4 address's, an IPv6 /64's) write budget. */
export const NETWORK_BUDGET = 10

export interface RateLimiters {
  /** Writes per client: SIGNUP_RATE_LIMIT per SIGNUP_RATE_WINDOW_MS. */
  rateLimiter: RateLimiter
  readLimiter: RateLimiter
  networkLimiter: RateLimiter
}

/** The three limits a request meets (see kit.ts's `bucketsFor`), each shared through PostgreSQL when there is one. */
export function makeRateLimiters(settings: RateSettings, query: Query | null): RateLimiters {
  return {
    rateLimiter: makeRateLimiter(settings, query),
    readLimiter: makeRateLimiter({ ...settings, rateLimit: settings.rateLimit * READ_BUDGET }, query),
    networkLimiter: makeRateLimiter({ ...settings, rateLimit: settings.rateLimit * NETWORK_BUDGET }, query),
  }
}
