import { readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

export const E2E_PORT = Number(process.env.E2E_PORT || 9123)
export const E2E_STATE_FILE = join(tmpdir(), `block94-e2e-${E2E_PORT}.json`)

/** Where the site under test is served and where its signup store lives. */
export const servedSite = (): { baseUrl: string; signupsFile: string } =>
  JSON.parse(readFileSync(E2E_STATE_FILE, "utf8")) as { baseUrl: string; signupsFile: string }
