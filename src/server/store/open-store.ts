/**
 * The store the settings name: PostgreSQL with DATABASE_URL, else SQLite in one file
 * (SIGNUPS_FILE, `.data/signups.db` by default), where a list from the earlier JSON Lines store
 * is moved in on the first start.
 */
import path from "node:path"
import { importLegacyFile, importedName } from "./legacy-import"
import { openPostgresDatabase, type PostgresOptions } from "./postgres-database"
import { openSqliteDatabase } from "./sqlite-database"
import { createSqlStore, type SqlStoreOptions } from "./sql-store"
import type { SignupStore } from "./store"

/**
 * Where the embedded database and an earlier store's file are: a SIGNUPS_FILE that still names a
 * `.jsonl` file (as before SQLite) puts the database beside it, as `.db`.
 */
export const embeddedFiles = (signupsFile: string): { database: string; legacy: string } =>
  signupsFile.endsWith(".jsonl")
    ? { database: signupsFile.replace(/\.jsonl$/, ".db"), legacy: signupsFile }
    : { database: signupsFile, legacy: path.join(path.dirname(signupsFile), "signups.jsonl") }

/** Options beyond the boost: milestones, events, and the band width (for tests that want many bands from a short list). */
type LineOptions = Omit<SqlStoreOptions, "boost" | "onOpen">

export const openEmbeddedStore = (signupsFile: string, boost: number, line: LineOptions = {}): SignupStore => {
  const { database, legacy } = embeddedFiles(signupsFile)
  return createSqlStore(openSqliteDatabase(database), {
    boost,
    ...line,
    async onOpen(tx) {
      const found = await importLegacyFile(tx, legacy)
      if (!found) return undefined
      return async () => {
        await found.keepAsBackup()
        console.info(`signups: moved ${found.imported} signups from ${legacy} into ${database}; the old file is kept as ${importedName(legacy)}`)
      }
    },
  })
}

export const openPostgresStore = (options: PostgresOptions, boost: number, line: LineOptions = {}): SignupStore =>
  createSqlStore(openPostgresDatabase(options), { boost, ...line })
