// Both engines end with the same schema: a new store migrated on SQLite and one on PostgreSQL
// have the same tables, the same columns (by kind of value and whether they may be empty) and
// the same indexes. The migration lists are written twice, once per engine, so this is what
// catches one of them drifting.
import { DatabaseSync } from "node:sqlite"
import pg from "pg"
import { freshDatabase } from "../../../../test/postgres"
import { newSignupsFile } from "../../../../test/store-engines"
import { openEmbeddedStore, openPostgresStore } from "../open-store"
import { LEADERBOARD_MIN_REFERRALS } from "../../../signup/rewards"

/** The kinds of value a column holds, the same on both engines. */
type TypeClass = "integer" | "text" | "real" | "blob" | "boolean" | "timestamp" | "numeric"

interface Column {
  type: TypeClass
  notNull: boolean
}

interface Index {
  /** Key columns in order; an expression as "(expression)". */
  columns: string[]
  unique: boolean
  partial: boolean
  /** The partial index's condition, as the engine prints it (compared by the tests that need it). */
  where: string | null
}

interface Schema {
  tables: Record<string, Record<string, Column>>
  /** Indexes by name, but for unique keys. */
  indexes: Record<string, Index & { table: string }>
  /**
   * The columns of every primary key and unique key, per table, unnamed: SQLite names the index
   * of a `unique` column itself (sqlite_autoindex_signups_1), where PostgreSQL's history made
   * some with `create unique index` (signups_email_key).
   */
  uniqueKeys: Record<string, string[]>
}

/** A unique index on columns, for every row: a unique key, whatever made it. */
const isUniqueKey = (index: Index): boolean => index.unique && !index.partial && !index.columns.includes("(expression)")

/** SQLite's type affinity rules (sqlite.org/datatype3.html, 3.1), in order. */
const sqliteClass = (declared: string): TypeClass => {
  const type = declared.toUpperCase()
  if (type.includes("INT")) return "integer"
  if (/CHAR|CLOB|TEXT/.test(type)) return "text"
  if (type === "" || type.includes("BLOB")) return "blob"
  if (/REAL|FLOA|DOUB/.test(type)) return "real"
  return "numeric"
}

const POSTGRES_CLASSES: Record<string, TypeClass> = {
  smallint: "integer",
  integer: "integer",
  bigint: "integer",
  text: "text",
  "character varying": "text",
  real: "real",
  "double precision": "real",
  bytea: "blob",
  boolean: "boolean",
  numeric: "numeric",
  "timestamp with time zone": "timestamp",
  "timestamp without time zone": "timestamp",
}

const postgresClass = (dataType: string): TypeClass => {
  const found = POSTGRES_CLASSES[dataType]
  if (!found) throw new Error(`no type class for PostgreSQL's ${dataType}: add it to POSTGRES_CLASSES`)
  return found
}

const sorted = <Value>(entries: Array<[string, Value]>): Record<string, Value> => Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)))

const sqliteSchema = (file: string): Schema => {
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    // sqlite_sequence: SQLite's own, for autoincrement.
    const tables = db
      .prepare("select name from sqlite_schema where type = 'table' and name not like 'sqlite_%'")
      .all()
      .map((row) => String(row.name))
    const schema: Schema = { tables: {}, indexes: {}, uniqueKeys: {} }
    for (const table of tables) {
      const columns = db.prepare(`pragma table_info("${table}")`).all()
      // A primary key column counts as not null, as on PostgreSQL (table_info says so only when declared; SQLite would take a NULL text key, which no query writes).
      schema.tables[table] = sorted(
        columns.map((row) => [String(row.name), { type: sqliteClass(String(row.type)), notNull: Number(row.notnull) === 1 || Number(row.pk) > 0 }]),
      )
      const keyColumns = columns.filter((row) => Number(row.pk) > 0).sort((a, b) => Number(a.pk) - Number(b.pk))
      const uniqueKeys = keyColumns.length > 0 ? [keyColumns.map((row) => String(row.name)).join(", ")] : []
      for (const index of db.prepare(`pragma index_list("${table}")`).all()) {
        const name = String(index.name)
        const columnsOf = db
          .prepare(`pragma index_info("${name}")`)
          .all()
          .map((row) => (row.name === null ? "(expression)" : String(row.name)))
        const sql = String(db.prepare("select sql from sqlite_schema where type = 'index' and name = ?").get(name)?.sql ?? "")
        const where = /\bwhere\b(.*)$/is.exec(sql)?.[1].trim() ?? null
        const found: Index = { columns: columnsOf, unique: Number(index.unique) === 1, partial: Number(index.partial) === 1, where }
        // origin "pk": the primary key's own index, counted above from table_info.
        if (index.origin === "pk") continue
        if (isUniqueKey(found)) uniqueKeys.push(columnsOf.join(", "))
        else schema.indexes[name] = { table, ...found }
      }
      if (uniqueKeys.length > 0) schema.uniqueKeys[table] = uniqueKeys.sort()
    }
    return {
      tables: sorted(Object.entries(schema.tables)),
      indexes: sorted(Object.entries(schema.indexes)),
      uniqueKeys: sorted(Object.entries(schema.uniqueKeys)),
    }
  } finally {
    db.close()
  }
}

const postgresSchema = async (url: string): Promise<Schema> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const columns = await client.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
      "select table_name, column_name, data_type, is_nullable from information_schema.columns where table_schema = 'public'",
    )
    const tables: Schema["tables"] = {}
    for (const row of columns.rows) {
      tables[row.table_name] = { ...tables[row.table_name], [row.column_name]: { type: postgresClass(row.data_type), notNull: row.is_nullable === "NO" } }
    }
    // Every index in the schema with its key columns in order (not INCLUDE's: signups_line carries one on PostgreSQL only, see line-sql.ts).
    const indexes = await client.query<{ name: string; table: string; unique: boolean; columns: string[]; where: string | null }>(
      `select i.relname as name, t.relname as table, x.indisunique as unique,
              array(select coalesce(a.attname::text, '(expression)') from unnest(x.indkey[0:x.indnkeyatts - 1]) with ordinality k(attnum, n)
                    left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum and k.attnum > 0 order by k.n) as columns,
              pg_get_expr(x.indpred, x.indrelid) as where
         from pg_index x
         join pg_class i on i.oid = x.indexrelid
         join pg_class t on t.oid = x.indrelid
         join pg_namespace s on s.oid = t.relnamespace
        where s.nspname = 'public'`,
    )
    const schema: Schema = { tables: {}, indexes: {}, uniqueKeys: {} }
    for (const { name, table, columns, unique, where } of indexes.rows) {
      const found: Index = { columns, unique, partial: where !== null, where }
      if (isUniqueKey(found)) schema.uniqueKeys[table] = [...(schema.uniqueKeys[table] ?? []), columns.join(", ")].sort()
      else schema.indexes[name] = { table, ...found }
    }
    return {
      tables: sorted(Object.entries(tables).map(([table, of]) => [table, sorted(Object.entries(of))])),
      indexes: sorted(Object.entries(schema.indexes)),
      uniqueKeys: sorted(Object.entries(schema.uniqueKeys)),
    }
  } finally {
    await client.end()
  }
}

/**
 * A schema as both engines should agree on it. Deliberately different, so left out: a time is
 * timestamptz on PostgreSQL and ISO 8601 text on SQLite, which has no time type; and the partial
 * indexes' conditions, which each engine prints its own way.
 */
const comparable = (schema: Schema) => ({
  tables: Object.fromEntries(
    Object.entries(schema.tables).map(([table, columns]) => [
      table,
      Object.fromEntries(Object.entries(columns).map(([name, column]) => [name, { ...column, type: column.type === "timestamp" ? "text" : column.type }])),
    ]),
  ),
  indexes: Object.fromEntries(Object.entries(schema.indexes).map(([name, { where: _where, ...index }]) => [name, index])),
  uniqueKeys: schema.uniqueKeys,
})

let sqlite: Schema
let postgres: Schema

beforeAll(async () => {
  const file = newSignupsFile()
  const url = await freshDatabase()
  // A store migrates (and builds its line index) on first use.
  for (const store of [openEmbeddedStore(file, 10), openPostgresStore({ connectionString: url, poolSize: 1 }, 10)]) {
    await store.topReferrers(1)
    await store.close()
  }
  sqlite = sqliteSchema(file)
  postgres = await postgresSchema(url)
})

describe("the schema after every migration", () => {
  it("reads the whole schema: the first and the latest tables, the migrations' record, the line's index", () => {
    for (const schema of [sqlite, postgres]) {
      expect(Object.keys(schema.tables)).toEqual(expect.arrayContaining(["signups", "drop_prizes", "schema_migrations"]))
      expect(Object.keys(schema.indexes)).toEqual(expect.arrayContaining(["signups_line", "signups_leaderboard"]))
      expect(schema.uniqueKeys.signups).toEqual(["email_key", "id", "referral_code"])
    }
  })

  it("is the same on SQLite and PostgreSQL: tables, columns, indexes", () => {
    // Received is SQLite, expected PostgreSQL. A difference: a new migration on the engine that
    // drifted (never an edit to an old one), or, if deliberate, a line in `comparable` saying why.
    expect(comparable(sqlite)).toEqual(comparable(postgres))
  })

  it(`keeps the leaderboard's index to LEADERBOARD_MIN_REFERRALS (${LEADERBOARD_MIN_REFERRALS}) friends on both engines: a new rule needs a new index`, () => {
    expect(sqlite.indexes.signups_leaderboard?.where).toContain(`referrals >= ${LEADERBOARD_MIN_REFERRALS}`)
    expect(postgres.indexes.signups_leaderboard?.where).toContain(`referrals >= ${LEADERBOARD_MIN_REFERRALS}`)
  })
})
