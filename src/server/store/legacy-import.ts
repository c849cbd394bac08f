/**
 * Moves a list kept by the earlier embedded store (`.data/signups.jsonl`, JSON Lines) into the
 * SQLite database, once, on the first start: every signup with its number, status, tokens
 * (used ones stay used), referral and last mail. The file is then renamed, not deleted, and kept
 * as a backup; a database that already holds signups never imports. An address that left the
 * list (its suppression key is in the database) is left out: an import never brings anyone back.
 */
import { createReadStream, existsSync, promises as fs } from "node:fs"
import { createInterface } from "node:readline"
import { hashToken, newReferralCode, newSecretToken } from "../waitlist/codes"
import { emailKey, suppressionKey } from "../waitlist/email-key"
import { attributionColumns } from "../../signup/attribution-fields"
import { insertRows, parameters, type SqlExecutor } from "./database"
import { WRITTEN_SIGNUP_COLUMNS, writtenSignupValues } from "./signup-rows"
import { tallySignups } from "./tallies"
import { applyEvent, emptyState, parseEvent, type ListState } from "./list-state"

/** The name the file is kept under once imported. */
export const importedName = (file: string): string => `${file}.imported`

/** The list in an events file, replayed line by line (a line cut short by a crash is skipped). */
export const readLegacyFile = async (file: string): Promise<ListState> => {
  const state = emptyState()
  const lines = createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity })
  for await (const line of lines) {
    const event = line.trim() === "" ? null : parseEvent(line)
    if (event) applyEvent(state, event, emailKey)
  }
  return state
}

/** Keys looked up per statement. */
const KEYS_PER_STATEMENT = 200

/** The email keys among `keys` whose suppression key is in the database. */
const suppressedKeys = async (tx: SqlExecutor, keys: string[]): Promise<Set<string>> => {
  const found = new Set<string>()
  for (let start = 0; start < keys.length; start += KEYS_PER_STATEMENT) {
    const chunk = keys.slice(start, start + KEYS_PER_STATEMENT)
    const byHash = new Map(chunk.map((key) => [suppressionKey(key), key]))
    const rows = await tx.query<{ key_hash: string }>(`select key_hash from signup_suppressions where key_hash in (${parameters(chunk.length)})`, [
      ...byHash.keys(),
    ])
    for (const { key_hash } of rows) found.add(byHash.get(key_hash) as string)
  }
  return found
}

/** The list without the people who left: their tokens gone, their referrals counted for no one. */
const withoutLeavers = (state: ListState, left: Set<string>): ListState => {
  if (left.size === 0) return state
  const order = state.order.filter((signup) => !left.has(signup.emailKey))
  const leftCodes = new Set(state.order.filter((signup) => left.has(signup.emailKey)).map((signup) => signup.referralCode))
  for (const signup of order) if (signup.referredBy && leftCodes.has(signup.referredBy)) signup.referredBy = null
  const referrals = new Map<string, number>()
  for (const signup of order) {
    if (signup.status === "confirmed" && signup.referredBy) referrals.set(signup.referredBy, (referrals.get(signup.referredBy) ?? 0) + 1)
  }
  const kept = <Value>(entries: Map<string, Value>, keyOf: (value: Value) => string) => new Map([...entries].filter(([, value]) => !left.has(keyOf(value))))
  return {
    order,
    byKey: kept(state.byKey, (signup) => signup.emailKey),
    byCode: kept(state.byCode, (signup) => signup.emailKey),
    statusTokens: kept(state.statusTokens, (key) => key),
    confirmTokens: kept(state.confirmTokens, (token) => token.emailKey),
    referrals,
    confirmed: order.filter((signup) => signup.status === "confirmed").length,
  }
}

/**
 * Imports `file` into an empty database, inside the caller's transaction. Returns what to do once
 * that transaction has committed (rename the file), or null when there is nothing to import.
 */
export const importLegacyFile = async (tx: SqlExecutor, file: string): Promise<{ imported: number; keepAsBackup(): Promise<void> } | null> => {
  if (!existsSync(file)) return null
  const [{ n }] = await tx.query<{ n: number }>("select count(*) as n from signups")
  if (Number(n) > 0) return null
  const read = await readLegacyFile(file)
  const state = withoutLeavers(read, await suppressedKeys(tx, [...read.byKey.keys()]))
  // Signups from before referral links get their code and a status token now.
  const statusTokens = new Map([...state.statusTokens].map(([hash, key]) => [hash, key]))
  for (const signup of state.order) {
    if (signup.referralCode) continue
    signup.referralCode = newReferralCode()
    statusTokens.set(hashToken(newSecretToken()), signup.emailKey)
  }
  const referrals = (code: string) => state.referrals.get(code) ?? 0
  await insertRows(
    tx,
    "signups",
    ["id", ...WRITTEN_SIGNUP_COLUMNS, "last_mail_at", "referrals"],
    state.order.map((signup) => [signup.sequence, ...writtenSignupValues(signup), signup.lastMailAt, referrals(signup.referralCode)]),
  )
  // The owner's counts include the imported list from the start.
  await tallySignups(
    tx,
    state.order.map((signup) => ({
      received_at: signup.receivedAt,
      confirmed_at: signup.confirmedAt,
      status: signup.status,
      ...attributionColumns(signup.attribution),
    })),
    1,
  )
  const idOf = (key: string) => state.byKey.get(key)?.sequence
  await insertRows(
    tx,
    "signup_tokens",
    ["hash", "signup_id", "kind", "expires_at", "used_at"],
    [
      ...[...statusTokens].map(([hash, key]) => [hash, idOf(key), "status", null, null]),
      // The old file does not say when a token was used; the import's time stands in for it.
      ...[...state.confirmTokens].map(([hash, token]) => [
        hash,
        idOf(token.emailKey),
        "confirm",
        token.expiresAt,
        token.used ? new Date().toISOString() : null,
      ]),
    ],
  )
  return {
    imported: state.order.length,
    keepAsBackup: () => fs.rename(file, importedName(file)),
  }
}
