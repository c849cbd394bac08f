/**
 * The store the settings name: PostgreSQL with DATABASE_URL, else SQLite in one file
 * (SIGNUPS_FILE, `.data/signups.db` by default).
 */
import { openPostgresDatabase, type PostgresOptions } from "./postgres-database"
import { openSqliteDatabase } from "./sqlite-database"
import { createSqlStore, type SqlStoreOptions } from "./sql-store"
import type { SignupStore } from "./store"

/** Options beyond the boost: milestones, events, and the band width (for tests that want many bands from a short list). */
type LineOptions = Omit<SqlStoreOptions, "boost">

export const openEmbeddedStore = (signupsFile: string, boost: number, line: LineOptions = {}): SignupStore =>
  createSqlStore(openSqliteDatabase(signupsFile), { boost, ...line })

export const openPostgresStore = (options: PostgresOptions, boost: number, line: LineOptions = {}): SignupStore =>
  createSqlStore(openPostgresDatabase(options), { boost, ...line })
