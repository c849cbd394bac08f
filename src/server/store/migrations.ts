/**
 * The schema, as numbered migrations: one history per engine, applied by one runner. Pointing
 * the service at an empty database just works, and a database from an older release is brought
 * up to date. Applied versions are recorded in `schema_migrations`.
 *
 * The runner applies everything in one transaction. On PostgreSQL it first takes a
 * transaction-scoped advisory lock, so two instances starting at once take turns, and it works
 * behind a transaction pooler (PgBouncer, Neon's `-pooler` URL), where session locks do not.
 * On SQLite the write transaction itself is the lock.
 */
import type { Engine, SqlDatabase, SqlExecutor } from "./database"
import { POSTGRES_MIGRATIONS } from "./migrations-postgres"
import type { Migration } from "./migrations-shared"
import { SQLITE_MIGRATIONS } from "./migrations-sqlite"

export type { Migration } from "./migrations-shared"
export { POSTGRES_MIGRATIONS } from "./migrations-postgres"
export { SQLITE_MIGRATIONS } from "./migrations-sqlite"

export const MIGRATIONS: Record<Engine, Migration[]> = { postgres: POSTGRES_MIGRATIONS, sqlite: SQLITE_MIGRATIONS }

/** Any number will do, as long as nothing else in the database uses it. */
export const MIGRATION_LOCK = 94_0001

/** Applies, inside the caller's transaction, the migrations this database has not had yet; returns their versions. */
export const applyMigrations = async (tx: SqlExecutor, engine: Engine, migrations: Migration[] = MIGRATIONS[engine]): Promise<number[]> => {
  if (engine === "postgres") await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK])
  await tx.query("create table if not exists schema_migrations (version integer primary key, name text not null, applied_at text not null)")
  const applied = new Set((await tx.query<{ version: number }>("select version from schema_migrations")).map(({ version }) => Number(version)))
  const done: number[] = []
  for (const migration of migrations.filter(({ version }) => !applied.has(version))) {
    await migration.up(tx)
    await tx.query("insert into schema_migrations (version, name, applied_at) values ($1, $2, $3)", [
      migration.version,
      migration.name,
      new Date().toISOString(),
    ])
    done.push(migration.version)
  }
  return done
}

/** Applies the migrations this database has not had yet, in one transaction (`npm run db:migrate`). */
export const migrate = (db: SqlDatabase, migrations: Migration[] = MIGRATIONS[db.engine]): Promise<number[]> =>
  db.transaction((tx) => applyMigrations(tx, db.engine, migrations))
