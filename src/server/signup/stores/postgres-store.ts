/**
 * The PostgreSQL store (DATABASE_URL): the way out of one machine, to any managed PostgreSQL
 * (Neon, Supabase, RDS). Dedupe is a unique index on the normalised address with
 * `INSERT ... ON CONFLICT DO NOTHING`; the store applies its own migrations on first use; the
 * pool is small, as serverless hosts run many instances with a few connections each.
 */
import pg from "pg"
import { migrate } from "./migrations"
import type { ExportRow, NewSignup, Place, Signup, SignupStore, Standing } from "./store"

export interface PostgresOptions {
  connectionString: string
  /** Connections per process. */
  poolSize: number
}

const COLUMNS = [
  "id",
  "email",
  "email_key",
  "source",
  "signed_up_at",
  "received_at",
  "status",
  "confirmed_at",
  "referral_code",
  "referred_by",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "referrer_host",
  "last_mail_at",
]
const SIGNUP_COLUMNS = COLUMNS.join(", ")

interface SignupRow {
  id: string
  email: string
  email_key: string
  source: string
  signed_up_at: Date
  received_at: Date
  status: "pending" | "confirmed"
  confirmed_at: Date | null
  referral_code: string
  referred_by: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  referrer_host: string | null
  last_mail_at: Date | null
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null)

/** Attribution as stored: null when nothing is known. */
const attributionOf = (fields: { source?: string | null; medium?: string | null; campaign?: string | null; referrer?: string | null } | null): Signup["attribution"] => {
  const known = Object.fromEntries(Object.entries(fields ?? {}).filter(([, value]) => value))
  return Object.keys(known).length > 0 ? known : null
}

const toSignup = (row: SignupRow): Signup => ({
  // Identity values keep signup order; a failed insert may leave a gap in them.
  sequence: Number(row.id),
  email: row.email,
  emailKey: row.email_key,
  source: row.source,
  timestamp: row.signed_up_at.toISOString(),
  receivedAt: row.received_at.toISOString(),
  status: row.status,
  confirmedAt: iso(row.confirmed_at),
  referralCode: row.referral_code,
  referredBy: row.referred_by,
  attribution: attributionOf({ source: row.utm_source, medium: row.utm_medium, campaign: row.utm_campaign, referrer: row.referrer_host }),
  lastMailAt: iso(row.last_mail_at),
})

/**
 * Places of confirmed signups: signup order (dense, pending ones counted) less `boost` places per
 * confirmed referral, earlier signup first on a tie. $1 is the boost.
 */
const PLACES = `
  with referrals as (
    select referred_by as code, count(*) as n from signups
    where status = 'confirmed' and referred_by is not null group by referred_by
  ),
  line as (
    select s.id, s.status, row_number() over (order by s.id) as sequence, coalesce(r.n, 0) as referrals
    from signups s left join referrals r on r.code = s.referral_code
  )
  select id, row_number() over (order by sequence - $1 * referrals, sequence) as position, referrals
  from line where status = 'confirmed'`

/**
 * Adds signups (of different email keys) in one statement: each row whose email key is new, its
 * tokens, and for a confirmed signup its count among the confirmed, taken from a sequence (no
 * row counting). Answers a row per signup added; only what the database decides comes back.
 */
const ADD_SIGNUPS = `
  with input as (
    select * from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::timestamptz[], $6::text[], $7::text[],
      $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::timestamptz[])
    with ordinality as given (email, email_key, source, signed_up_at, received_at, status, referral_code, referred_by,
      utm_source, utm_medium, utm_campaign, referrer_host, status_token, confirm_token, confirm_expires_at, arrival)
  ),
  new as (
    insert into signups (email, email_key, source, signed_up_at, received_at, status, confirmed_at, referral_code,
      referred_by, utm_source, utm_medium, utm_campaign, referrer_host)
    select email, email_key, source, signed_up_at, received_at, status, case when status = 'confirmed' then received_at end,
      referral_code, (select referrer.referral_code from signups referrer where referrer.referral_code = input.referred_by),
      utm_source, utm_medium, utm_campaign, referrer_host
    from input order by arrival
    on conflict (email_key) do nothing
    returning id, email_key, status, referred_by
  ),
  tokens as (
    insert into signup_tokens (hash, signup_id, kind, expires_at)
    select input.status_token, new.id, 'status', null from new join input using (email_key)
    union all
    select input.confirm_token, new.id, 'confirm', input.confirm_expires_at from new join input using (email_key)
    where input.confirm_token is not null
  )
  select email_key, id, referred_by, case when status = 'confirmed' then nextval('confirmed_count') end as confirmed_count from new`

interface AddedRow {
  email_key: string
  id: string
  referred_by: string | null
  confirmed_count: string | null
}

/** A signup waiting for its batch, and how to answer it. */
interface Waiting {
  signup: NewSignup
  settle(row: AddedRow | undefined): void
  fail(error: unknown): void
}

const addSignupsValues = (signups: NewSignup[]): unknown[] => {
  const column = (value: (signup: NewSignup) => string | null | undefined) => signups.map((signup) => value(signup) ?? null)
  return [
    column((signup) => signup.email),
    column((signup) => signup.emailKey),
    column((signup) => signup.source),
    column((signup) => signup.timestamp),
    column((signup) => signup.receivedAt),
    column((signup) => signup.status),
    column((signup) => signup.referralCode),
    column((signup) => signup.referredBy),
    column((signup) => signup.attribution?.source),
    column((signup) => signup.attribution?.medium),
    column((signup) => signup.attribution?.campaign),
    column((signup) => signup.attribution?.referrer),
    column((signup) => signup.statusTokenHash),
    column((signup) => signup.confirmToken?.hash),
    column((signup) => signup.confirmToken?.expiresAt),
  ]
}

export const createPostgresStore = ({ connectionString, poolSize }: PostgresOptions): SignupStore => {
  const pool = new pg.Pool({ connectionString, max: poolSize, idleTimeoutMillis: 10_000 })
  // A connection that drops while idle must not take the process down; the next query reconnects.
  pool.on("error", (error) => console.error("signups: a PostgreSQL connection failed while idle", error.message))

  let ready: Promise<void> | null = null
  const migrated = (): Promise<void> => {
    ready ??= (async () => {
      const client = await pool.connect()
      try {
        await migrate(client)
      } finally {
        client.release()
      }
    })()
    ready.catch(() => {
      ready = null
    })
    return ready
  }

  /**
   * Runs a statement. A named one is prepared once per connection and reused, which spares
   * PostgreSQL parsing and planning it again on the busy path.
   */
  const query = async <Row extends pg.QueryResultRow>(text: string, values: unknown[] = [], name?: string): Promise<Row[]> => {
    await migrated()
    return (await pool.query<Row>({ text, values, name })).rows
  }

  const confirmedTotal = async (): Promise<number> => Number((await query<{ n: string }>("select count(*) as n from signups where status = 'confirmed'"))[0].n)

  const standingOf = async (row: SignupRow, boost: number): Promise<Standing> => {
    const [placeRow] = await query<{ position: string; referrals: string }>(`select position, referrals from (${PLACES}) places where id = $2`, [boost, row.id])
    const [{ n }] = await query<{ n: string }>("select count(*) as n from signups where referred_by = $1 and status = 'confirmed'", [row.referral_code])
    const total = await confirmedTotal()
    const place: Place | null = placeRow ? { position: Number(placeRow.position), total } : null
    return { signup: toSignup(row), place, total, referrals: Number(n) }
  }

  const insertSignups = async (signups: NewSignup[]): Promise<Map<string, AddedRow>> => {
    const rows = await query<AddedRow>(ADD_SIGNUPS, addSignupsValues(signups), "block94-add-signups")
    return new Map(rows.map((row) => [row.email_key, row]))
  }

  /**
   * Signups that arrive in one turn of the event loop go to the database together: one round
   * trip, one commit. Repeats of an address in the batch wait for its first and are told it is
   * taken; if the batch fails, each signup tries alone, so one bad signup fails only itself.
   */
  let waiting: Waiting[] = []
  const insertAlone = ({ signup, settle, fail }: Waiting) => insertSignups([signup]).then((rows) => settle(rows.get(signup.emailKey)), fail)
  const insertBatch = async (batch: Waiting[]): Promise<void> => {
    const firstOfKey = new Map<string, Waiting>()
    for (const entry of batch) if (!firstOfKey.has(entry.signup.emailKey)) firstOfKey.set(entry.signup.emailKey, entry)
    let rows: Map<string, AddedRow>
    try {
      rows = await insertSignups([...firstOfKey.values()].map(({ signup }) => signup))
    } catch (error) {
      if (batch.length === 1) return batch[0].fail(error)
      await Promise.all(batch.map(insertAlone))
      return
    }
    for (const entry of batch) entry.settle(firstOfKey.get(entry.signup.emailKey) === entry ? rows.get(entry.signup.emailKey) : undefined)
  }
  const insertSoon = (signup: NewSignup): Promise<AddedRow | undefined> =>
    new Promise((settle, fail) => {
      if (waiting.push({ signup, settle, fail }) > 1) return
      setImmediate(() => {
        const batch = waiting
        waiting = []
        void insertBatch(batch)
      })
    })

  return {
    async add(signup: NewSignup, _boost) {
      const { statusTokenHash: _status, confirmToken: _confirm, attribution, ...fields } = signup
      const added = await insertSoon(signup)
      if (added) {
        const count = added.confirmed_count === null ? null : Number(added.confirmed_count)
        const stored: Signup = {
          ...fields,
          // Identity values keep signup order; a failed insert may leave a gap in them.
          sequence: Number(added.id),
          referredBy: added.referred_by,
          attribution: attributionOf(attribution ?? null),
          confirmedAt: fields.status === "confirmed" ? fields.receivedAt : null,
          lastMailAt: null,
        }
        // The newest confirmed signup, with no referrals yet, stands behind every confirmed one before it.
        return { kind: "added", signup: stored, place: count === null ? null : { position: count, total: count } }
      }
      const [existing] = await query<SignupRow>(`select ${SIGNUP_COLUMNS} from signups where email_key = $1`, [fields.emailKey], "block94-find-signup")
      if (!existing) throw new Error("the signup was neither added nor found")
      return { kind: "duplicate", signup: toSignup(existing) }
    },

    async confirm(tokenHash, now, boost) {
      await migrated()
      const client = await pool.connect()
      let row: SignupRow | undefined
      try {
        await client.query("begin")
        const { rows: tokens } = await client.query<{ signup_id: string; expires_at: Date; used_at: Date | null }>(
          "select signup_id, expires_at, used_at from signup_tokens where hash = $1 and kind = 'confirm' for update",
          [tokenHash],
        )
        const token = tokens[0]
        if (!token || token.used_at || token.expires_at.getTime() <= now.getTime()) {
          await client.query("rollback")
          return token ? { kind: "expired" } : { kind: "unknown" }
        }
        await client.query("update signup_tokens set used_at = $2 where hash = $1", [tokenHash, now])
        const { rowCount } = await client.query("update signups set status = 'confirmed', confirmed_at = $2 where id = $1 and status = 'pending'", [token.signup_id, now])
        if (rowCount) await client.query("select nextval('confirmed_count')")
        row = (await client.query<SignupRow>(`select ${SIGNUP_COLUMNS} from signups where id = $1`, [token.signup_id])).rows[0]
        await client.query("commit")
      } catch (error) {
        await client.query("rollback").catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
      if (!row) return { kind: "unknown" }
      const standing = await standingOf(row, boost)
      return standing.place ? { kind: "confirmed", signup: standing.signup, place: standing.place } : { kind: "unknown" }
    },

    async addToken(emailKey, token) {
      await query(
        "insert into signup_tokens (hash, signup_id, kind, expires_at) select $1, id, $2, $3::timestamptz from signups where email_key = $4",
        [token.hash, token.kind, token.kind === "confirm" ? token.expiresAt : null, emailKey],
      )
    },

    async standingByStatusToken(tokenHash, boost) {
      const [row] = await query<SignupRow>(
        `select ${COLUMNS.map((column) => `s.${column}`).join(", ")} from signups s join signup_tokens t on t.signup_id = s.id where t.hash = $1 and t.kind = 'status'`,
        [tokenHash],
      )
      return row ? standingOf(row, boost) : null
    },

    async claimMail(emailKey, now, minIntervalMs) {
      const rows = await query(
        "update signups set last_mail_at = $2 where email_key = $1 and (last_mail_at is null or last_mail_at <= $2::timestamptz - $3 * interval '1 millisecond') returning id",
        [emailKey, now, minIntervalMs],
      )
      return rows.length > 0
    },

    async exportRows(boost): Promise<ExportRow[]> {
      const rows = await query<SignupRow & { position: string | null; referrals: string }>(
        `with places as (${PLACES}),
         referrals as (select referred_by as code, count(*) as n from signups where status = 'confirmed' and referred_by is not null group by referred_by)
         select s.*, p.position, coalesce(r.n, 0) as referrals
         from signups s left join places p on p.id = s.id left join referrals r on r.code = s.referral_code
         order by s.id`,
        [boost],
      )
      const total = rows.filter((row) => row.status === "confirmed").length
      return rows.map((row) => ({
        signup: toSignup(row),
        place: row.position === null ? null : { position: Number(row.position), total },
        total,
        referrals: Number(row.referrals),
        referredBy: row.referred_by,
      }))
    },

    async ping() {
      await query("select 1")
    },

    close: () => pool.end(),
  }
}
