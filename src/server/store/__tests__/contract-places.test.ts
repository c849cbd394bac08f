// The store's contract on both engines, places: random histories against a brute-force ranking.
import fc from "fast-check"
import { hashToken } from "../../keys/codes"
import { allRows } from "../store"
import { BOOST, NOW, pending, postgresStores, signup, signupOf, sqliteStores } from "./contract-fixtures"

/**
 * The ranking rule worked out the slow, obvious way, from what a person can see: confirmed
 * signups ordered by their number less BOOST per confirmed referral, the earlier one first on a tie.
 */
const bruteForcePlaces = (signups: ReadonlyArray<{ email: string; sequence: number; confirmed: boolean; referralCode: string; referredBy: string | null }>) => {
  const confirmedReferrals = (code: string) => signups.filter((other) => other.confirmed && other.referredBy === code).length
  const line = signups
    .filter((entry) => entry.confirmed)
    .map((entry) => ({ email: entry.email, sequence: entry.sequence, standing: entry.sequence - BOOST * confirmedReferrals(entry.referralCode) }))
    .sort((a, b) => a.standing - b.standing || a.sequence - b.sequence)
  return new Map(line.map((entry, index) => [entry.email, { position: index + 1, total: line.length }]))
}

/**
 * A random history: signups (pending or confirmed, some through an earlier one's link) arriving
 * together, confirmations, and people leaving (by their status link or by address).
 */
const steps = fc.array(
  fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("join" as const),
        people: fc.array(fc.record({ pending: fc.boolean(), referrer: fc.option(fc.nat(40), { nil: null }) }), { minLength: 1, maxLength: 6 }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("confirm" as const), who: fc.nat(40) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("leave" as const), who: fc.nat(40), by: fc.constantFrom("status" as const, "address" as const) }) },
  ),
  { minLength: 1, maxLength: 25 },
)

describe.each([
  // Histories per run: each starts a fresh database, which costs PostgreSQL more.
  ["SQLite", sqliteStores, 60],
  ["PostgreSQL", postgresStores, 15],
])("places on %s after random histories", (_name, makeStores, runs) => {
  it("match a brute-force ranking for every signup, in lookups and in the export, as people join, confirm and leave", async () => {
    const stores = makeStores()
    await fc.assert(
      fc.asyncProperty(steps, fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(1, 3, 1000), async (history, seed, bucketWidth) => {
        const store = await stores.fresh(bucketWidth)
        try {
          const emails: string[] = []
          const codes = new Map<string, string>()
          /** Whose link each signup came through, as the test sent it. */
          const referrers = new Map<string, string | null>()
          const left = new Set<string>()
          for (const step of history) {
            if (step.kind === "confirm") {
              const email = emails[step.who % Math.max(1, emails.length)]
              if (email) await store.confirm(hashToken(`confirm ${email}`), NOW)
              continue
            }
            if (step.kind === "leave") {
              const email = emails[step.who % Math.max(1, emails.length)]
              if (!email) continue
              const result = await store.erase(step.by === "status" ? { token: "status", hash: hashToken(`status ${email}`) } : { emailKey: email }, NOW)
              expect(result.kind).toBe(left.has(email) ? "unknown" : "erased")
              left.add(email)
              continue
            }
            // Signups that arrive together go into one batch, as under load.
            const people = step.people.map((person, index) => {
              const email = `p${seed}-${emails.length + index}@example.com`
              const referrer = person.referrer === null || emails.length === 0 ? null : emails[person.referrer % emails.length]
              referrers.set(email, referrer)
              return (person.pending ? pending : signup)(email, { referredBy: referrer && (codes.get(referrer) ?? null) })
            })
            const results = await Promise.all(people.map((person) => store.add(person)))
            results.forEach((result, index) => {
              emails.push(people[index].email)
              codes.set(people[index].email, signupOf(result).referralCode)
            })
          }
          const rows = await allRows(store)
          // Everyone who left is gone, and their links count for no one: worked out here, not read back.
          expect(rows.map((row) => row.signup.email)).toEqual(emails.filter((email) => !left.has(email)))
          const referredBy = (email: string) => {
            const referrer = referrers.get(email)
            return referrer && !left.has(referrer) ? (codes.get(referrer) ?? null) : null
          }
          expect(rows.map((row) => [row.signup.email, row.referredBy])).toEqual(rows.map((row) => [row.signup.email, referredBy(row.signup.email)]))
          const expected = bruteForcePlaces(
            rows.map(({ signup: row }) => ({
              email: row.email,
              sequence: row.sequence,
              confirmed: row.status === "confirmed",
              referralCode: row.referralCode,
              referredBy: referredBy(row.email),
            })),
          )
          for (const row of rows) {
            const standing = await store.standingByStatusToken(hashToken(`status ${row.signup.email}`))
            expect({ email: row.signup.email, lookup: standing?.place ?? null, exported: row.place }).toEqual({
              email: row.signup.email,
              lookup: expected.get(row.signup.email) ?? null,
              exported: expected.get(row.signup.email) ?? null,
            })
            expect(standing?.total).toBe(expected.size)
          }
          for (const email of left) await expect(store.standingByStatusToken(hashToken(`status ${email}`))).resolves.toBeNull()
        } finally {
          await store.close()
        }
      }),
      // A failing history is reported as found: shrinking one costs minutes on a real database.
      { numRuns: runs, endOnFailure: true },
    )
  }, 120_000)

  it("ranks the list again when the referral boost changes", async () => {
    const stores = makeStores()
    const store = await stores.fresh()
    const first = await store.add(signup("first@example.com"))
    for (let index = 0; index < 3; index += 1) await store.add(signup(`filler${index}@example.com`))
    const last = await store.add(signup("last@example.com"))
    await store.add(signup("friend@example.com", { referredBy: signupOf(last).referralCode }))
    // Boost 10: the last (number 5, one referral) stands at -5, ahead of the first.
    await expect(store.standingByStatusToken(hashToken("status last@example.com"))).resolves.toMatchObject({ place: { position: 1 } })
    await store.close()
    const reopened = stores.reopen(1)
    try {
      // Boost 1: the last stands at 5 - 1 = 4, level with the fourth signup, who came first.
      await expect(reopened.standingByStatusToken(hashToken("status last@example.com"))).resolves.toMatchObject({ place: { position: 5, total: 6 } })
      expect(signupOf(first).sequence).toBeLessThan(signupOf(last).sequence)
    } finally {
      await reopened.close()
    }
  })
})
