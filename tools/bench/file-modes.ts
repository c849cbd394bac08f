// bench:abuse's file modes: what another user of the machine could read. serve:prod starts on a
// new folder under the usual umask (022) and takes its first snapshot; then, stopped, the list is
// restored from that snapshot with `npm run db:restore`. Every file made should be its user's alone.
import { execFile } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { promisify } from "node:util"
import { snapshotTime } from "../../src/server/backup/rotation"
import type { StartServer } from "./abuse-kit"
import type { Reading } from "./reading"

const ROOT = resolve(__dirname, "..", "..")
const USUAL_UMASK = 0o022

const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8)

const waitFor = async <Value>(find: () => Value | undefined, timeoutMs: number): Promise<Value> => {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((wait) => setTimeout(wait, 100))) {
    const found = find()
    if (found !== undefined) return found
  }
  throw new Error(`nothing after ${timeoutMs} ms`)
}

export const fileModes = async (startServer: StartServer): Promise<Reading[]> => {
  const dir = join(mkdtempSync(join(tmpdir(), "block94-abuse-modes-")), "data")
  const database = join(dir, "signups.db")
  const backups = join(dir, "backups")
  // The processes started here inherit this umask: the one most machines give.
  const umask = process.umask(USUAL_UMASK)
  try {
    const server = await startServer({ SIGNUPS_FILE: database })
    let snapshot: string
    try {
      // serve:prod takes a snapshot as it starts (there is none yet).
      snapshot = join(
        backups,
        await waitFor(() => (existsSync(backups) ? readdirSync(backups).find((name) => snapshotTime(name) !== null) : undefined), 30_000),
      )
    } finally {
      await server.stop()
    }
    const snapshotMode = modeOf(snapshot)
    await promisify(execFile)(process.execPath, ["--import", "tsx", join(ROOT, "tools/cli/db-restore.ts"), snapshot], {
      cwd: ROOT,
      env: { ...process.env, SIGNUPS_FILE: database },
    })
    const restoredMode = modeOf(database)
    const loose = readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => (statSync(join(dir, name)).mode & 0o077) !== 0)
    return [
      { attack: "snapshot's file mode (serve:prod, umask 022)", figure: snapshotMode, goal: "600", met: snapshotMode === "600" },
      { attack: "restored database's file mode (db:restore)", figure: restoredMode, goal: "600", met: restoredMode === "600" },
      {
        attack: "files and folders others could read in the data folder",
        figure: loose.length > 0 ? `${loose.length} (${loose.slice(0, 3).join(", ")})` : "0",
        goal: "0",
        met: loose.length === 0,
      },
    ]
  } finally {
    process.umask(umask)
  }
}
