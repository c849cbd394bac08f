// `npm run db:migrate`: brings the signup database (DATABASE_URL, else the SQLite file at
// SIGNUPS_FILE) up to date and readies its index of places, then exits. The service does the
// same by itself on first use; run this as a deploy step to do it before traffic arrives, with
// a direct (not pooled) URL if you like, though the migrations also run behind a pooler.
import { openStore, SITE_FACTS } from "../../src/server/runtime/runtime"
import { readSignupSettings } from "../../src/server/settings/settings"
import { migrate } from "../../src/server/store/migrations"
import { openPostgresDatabase } from "../../src/server/store/postgres-database"
import { openSqliteDatabase } from "../../src/server/store/sqlite-database"
import { keepNewFilesPrivate } from "../../src/server/runtime/private-files"

const main = async (): Promise<void> => {
  keepNewFilesPrivate()
  const settings = readSignupSettings(SITE_FACTS)
  const where = settings.databaseUrl ? "PostgreSQL (DATABASE_URL)" : settings.signupsFile
  const db = settings.databaseUrl ? openPostgresDatabase({ connectionString: settings.databaseUrl, poolSize: 1 }) : openSqliteDatabase(settings.signupsFile)
  let applied: number[]
  try {
    applied = await migrate(db)
  } finally {
    await db.close()
  }
  // Opening the store builds the index of places for this REFERRAL_BOOST.
  const store = openStore(settings)
  try {
    await store.ping()
  } finally {
    await store.close()
  }
  console.log(applied.length > 0 ? `Applied migrations ${applied.join(", ")} to ${where}.` : `${where} was up to date.`)
}

main().catch((error: unknown) => {
  console.error("Migration failed:", error instanceof Error ? error.message : error)
  process.exit(1)
})
