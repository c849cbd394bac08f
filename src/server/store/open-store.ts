/**
 * The store the settings name: PostgreSQL with DATABASE_URL, else SQLite in one file
 * (SIGNUPS_FILE, `.data/signups.db` by default).
 */
import { choosePepper, DEVELOPMENT_PEPPER } from "../keys/pepper"
import { openPostgresDatabase, type PostgresOptions } from "./postgres-database"
import { openSqliteDatabase } from "./sqlite-database"
import { createSqlStore, type SqlStoreOptions } from "./sql-store"
import type { SignupStore } from "./store"

/** Options beyond the boost: the pepper, milestones, events, and the band width (for tests that want many bands from a short list). */
type LineOptions = Omit<SqlStoreOptions, "boost" | "pepper"> & Partial<Pick<SqlStoreOptions, "pepper">>

/** The embedded store; its pepper, unless given, is the file beside the database (read, or made, on first use). */
export const openEmbeddedStore = (signupsFile: string, boost: number, { pepper, ...line }: LineOptions = {}): SignupStore =>
  createSqlStore(openSqliteDatabase(signupsFile), { boost, pepper: pepper ?? (() => choosePepper(undefined, signupsFile)), ...line })

/** A store on PostgreSQL; its pepper, unless given, the development one (production gives LIST_PEPPER). */
export const openPostgresStore = (options: PostgresOptions, boost: number, { pepper, ...line }: LineOptions = {}): SignupStore =>
  createSqlStore(openPostgresDatabase(options), { boost, pepper: pepper ?? DEVELOPMENT_PEPPER, ...line })
