/**
 * The two stores every behaviour of the list is tested on: SQLite in a new folder and
 * PostgreSQL in a fresh database on the test run's server, for `describe.each`.
 */
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { openEmbeddedStore, openPostgresStore } from "../src/server/store/open-store"
import type { SignupStore } from "../src/server/store/store"
import { freshDatabase } from "./postgres"

type EngineName = "SQLite" | "PostgreSQL"
type StoreOptions = NonNullable<Parameters<typeof openEmbeddedStore>[2]>

/** A new, empty SQLite file's path. */
export const newSignupsFile = (): string => join(mkdtempSync(join(tmpdir(), "block94-test-")), "signups.db")

/** Opens a new, empty store on each engine (`boost`: places a confirmed referral moves its referrer up). */
export const storeEngines = ({ boost = 10, poolSize = 3, ...options }: StoreOptions & { boost?: number; poolSize?: number } = {}): Array<
  [EngineName, () => Promise<SignupStore>]
> => [
  ["SQLite", async () => openEmbeddedStore(newSignupsFile(), boost, options)],
  ["PostgreSQL", async () => openPostgresStore({ connectionString: await freshDatabase(), poolSize }, boost, options)],
]

/** serve:prod's setting for a new, empty store on each engine. */
export const serverEngines: Array<[EngineName, () => Promise<Record<string, string>>]> = [
  ["SQLite", async () => ({ SIGNUPS_FILE: newSignupsFile() })],
  ["PostgreSQL", async () => ({ DATABASE_URL: await freshDatabase() })],
]
