// The store's contract on both engines, migrations: a database from an older release is brought up to date with what it holds.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freshDatabase } from "../../../../test/postgres"
import { hashToken } from "../../keys/codes"
import { migrate, MIGRATIONS } from "../migrations"
import { openEmbeddedStore, openPostgresStore } from "../open-store"
import { openPostgresDatabase } from "../postgres-database"
import { openSqliteDatabase } from "../sqlite-database"
import { allRows } from "../store"
import { BOOST, NOW, pending, signup } from "./contract-fixtures"

describe.each([
  [
    "SQLite",
    async () => {
      const file = join(mkdtempSync(join(tmpdir(), "block94-older-")), "signups.db")
      return { db: openSqliteDatabase(file), store: () => openEmbeddedStore(file, BOOST) }
    },
  ],
  [
    "PostgreSQL",
    async () => {
      const connectionString = await freshDatabase()
      return { db: openPostgresDatabase({ connectionString, poolSize: 2 }), store: () => openPostgresStore({ connectionString, poolSize: 2 }, BOOST) }
    },
  ],
])("a %s database from before leaving the list", (_name, older) => {
  it("keeps its signups and tokens through the migration, then takes unsubscribe tokens, suppressions and erasures", async () => {
    const { db, store: openStore } = await older()
    const latest = Math.max(...MIGRATIONS[db.engine].map(({ version }) => version))
    await migrate(
      db,
      MIGRATIONS[db.engine].filter(({ version }) => version < latest),
    )
    await db.query(
      `insert into signups (email, email_key, source, signed_up_at, received_at, status, confirmed_at, referral_code)
       values ('old@example.com', 'old@example.com', 'website_signup', $1, $1, 'confirmed', $1, 'OLDCODE000')`,
      [NOW.toISOString()],
    )
    await db.query("insert into signup_tokens (hash, signup_id, kind) select $1, id, 'status' from signups", [hashToken("status old@example.com")])
    await db.query("insert into standing_buckets (bucket, confirmed) values (0, 1)")
    await db.close()
    const store = openStore()
    try {
      await expect(store.standingByStatusToken(hashToken("status old@example.com"))).resolves.toMatchObject({ place: { position: 1, total: 1 } })
      const mail = {
        kind: "confirmation" as const,
        payload: { to: "new@example.com", link: "https://block94.example/confirm/" },
        unsubscribeTokenHash: hashToken("unsubscribe new"),
      }
      await expect(store.add(pending("new@example.com", { mail }))).resolves.toMatchObject({ kind: "added" })
      await expect(store.erase({ token: "unsubscribe", hash: hashToken("unsubscribe new") }, NOW)).resolves.toEqual({ kind: "erased" })
      await expect(store.erase({ token: "status", hash: hashToken("status old@example.com") }, NOW)).resolves.toEqual({ kind: "erased" })
      await expect(store.add(signup("old@example.com"))).resolves.toEqual({ kind: "suppressed" })
      expect(await allRows(store)).toEqual([])
    } finally {
      await store.close()
    }
  })
})
