// `npm run db:migrate`: brings the signup database (DATABASE_URL, else the SQLite file at
// SIGNUPS_FILE) up to date and readies its index of places, then exits. The service does the
// same by itself on first use; run this as a deploy step to do it before traffic arrives, with
// a direct (not pooled) URL if you like, though the migrations also run behind a pooler.
import { migrate } from "../../src/server/store/migrations"
import { openPostgresDatabase } from "../../src/server/store/postgres-database"
import { openSqliteDatabase } from "../../src/server/store/sqlite-database"
import { noArguments, runWhenMain, type CommandContext } from "./command"

async function migrateDatabase(_: object, { settings, where, store }: CommandContext): Promise<void> {
  const db = settings.databaseUrl ? openPostgresDatabase({ connectionString: settings.databaseUrl, poolSize: 1 }) : openSqliteDatabase(settings.signupsFile)
  let applied: number[]
  try {
    applied = await migrate(db)
  } finally {
    await db.close()
  }
  // Opening the store builds the index of places for this REFERRAL_BOOST.
  await store().ping()
  console.log(applied.length > 0 ? `Applied migrations ${applied.join(", ")} to ${where}.` : `${where} was up to date.`)
}

runWhenMain(module, { name: "db:migrate", usage: "Usage: npm run db:migrate", parse: noArguments("db:migrate"), run: migrateDatabase })
