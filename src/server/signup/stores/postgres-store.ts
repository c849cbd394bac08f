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

const toSignup = (row: SignupRow): Signup => {
  const attribution = {
    ...(row.utm_source ? { source: row.utm_source } : {}),
    ...(row.utm_medium ? { medium: row.utm_medium } : {}),
    ...(row.utm_campaign ? { campaign: row.utm_campaign } : {}),
    ...(row.referrer_host ? { referrer: row.referrer_host } : {}),
  }
  return {
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
    attribution: Object.keys(attribution).length > 0 ? attribution : null,
    lastMailAt: iso(row.last_mail_at),
  }
}

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

  return {
    async add(signup: NewSignup, _boost) {
      const { attribution: utm } = signup
      // One statement: the row (if its email key is new), its tokens, and for a confirmed
      // signup its count among the confirmed, taken from a sequence (no row counting).
      const [added] = await query<SignupRow & { confirmed_count: string | null }>(
        `with new as (
           insert into signups (email, email_key, source, signed_up_at, received_at, status, confirmed_at, referral_code,
             referred_by, utm_source, utm_medium, utm_campaign, referrer_host)
           values ($1, $2, $3, $4, $5, $6, case when $6 = 'confirmed' then $5::timestamptz end, $7,
             (select referral_code from signups where referral_code = $8), $9, $10, $11, $12)
           on conflict (email_key) do nothing
           returning ${SIGNUP_COLUMNS}
         ),
         tokens as (
           insert into signup_tokens (hash, signup_id, kind, expires_at)
           select $13, id, 'status', null from new
           union all
           select $14, id, 'confirm', $15::timestamptz from new where $14::text is not null
         )
         select new.*, case when new.status = 'confirmed' then nextval('confirmed_count') end as confirmed_count from new`,
        [
          signup.email,
          signup.emailKey,
          signup.source,
          signup.timestamp,
          signup.receivedAt,
          signup.status,
          signup.referralCode,
          signup.referredBy,
          utm?.source ?? null,
          utm?.medium ?? null,
          utm?.campaign ?? null,
          utm?.referrer ?? null,
          signup.statusTokenHash,
          signup.confirmToken?.hash ?? null,
          signup.confirmToken?.expiresAt ?? null,
        ],
        "block94-add-signup",
      )
      if (added) {
        const count = added.confirmed_count === null ? null : Number(added.confirmed_count)
        // The newest confirmed signup, with no referrals yet, stands behind every confirmed one before it.
        return { kind: "added", signup: toSignup(added), place: count === null ? null : { position: count, total: count } }
      }
      const [existing] = await query<SignupRow>(`select ${SIGNUP_COLUMNS} from signups where email_key = $1`, [signup.emailKey], "block94-find-signup")
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
