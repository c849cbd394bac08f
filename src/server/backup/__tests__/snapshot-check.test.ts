// The backup's seal and check as serve:prod runs them: in a worker thread, so the server's own thread keeps
// answering while a snapshot of the whole list is counted and read; with the same answers and reasons db:restore gets.
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { confirmedSignup } from "../../../../test/signup-fixtures"
import { openEmbeddedStore } from "../../store/open-store"
import { parseBackupSettings } from "../settings"
import { checkSnapshot, takeBackup } from "../snapshot"
import { checkSnapshotOffThread } from "../snapshot-check"

jest.setTimeout(60_000)

const SIGNUPS = 300

/** A real snapshot of a list of SIGNUPS confirmed signups, as db:backup takes it. */
const takeSnapshot = async (): Promise<string> => {
  const dir = mkdtempSync(join(tmpdir(), "block94-check-"))
  const file = join(dir, "signups.db")
  const store = openEmbeddedStore(file, 10)
  try {
    for (let n = 0; n < SIGNUPS; n++) await store.add(confirmedSignup(`person${n}@example.com`, `CODE${String(n).padStart(6, "0")}`))
  } finally {
    await store.close()
  }
  const settings = parseBackupSettings((name) => (name === "BACKUP_DIR" ? join(dir, "backups") : undefined), { signupsFile: file, erasureLog: null })
  return (await takeBackup(settings, () => new Date("2026-11-27T12:00:00Z"))).file
}

describe("the backup's check", () => {
  let snapshot: string
  beforeAll(async () => {
    snapshot = await takeSnapshot()
  })

  it("lets the server's thread answer while a snapshot is being checked, and finds what db:restore finds", async () => {
    const happened: string[] = []
    // Stands for a request arriving as the check starts: answered only if the thread is free.
    const answered = new Promise<void>((resolve) => setTimeout(() => resolve(void happened.push("request answered")), 0))
    const checked = checkSnapshotOffThread(snapshot).then((facts) => {
      happened.push("snapshot checked")
      return facts
    })
    const [facts] = await Promise.all([checked, answered])
    expect(happened).toEqual(["request answered", "snapshot checked"])
    expect(facts).toEqual({ takenAt: "2026-11-27T12:00:00.000Z", signups: SIGNUPS, confirmed: SIGNUPS })
    expect(facts).toEqual(checkSnapshot(snapshot))
  })

  it("gives the same reasons as db:restore's check for a file that is missing or not a snapshot", async () => {
    const dir = mkdtempSync(join(tmpdir(), "block94-check-"))
    const missing = join(dir, "gone.db")
    const garbage = join(dir, "garbage.db")
    writeFileSync(garbage, "this is not a database at all, just some text long enough to look like a header ".repeat(100))
    for (const file of [missing, garbage]) {
      const reason = (() => {
        try {
          checkSnapshot(file)
          return "no error"
        } catch (error) {
          return (error as Error).message
        }
      })()
      expect(reason).not.toBe("no error")
      await expect(checkSnapshotOffThread(file)).rejects.toThrow(reason)
    }
    expect(() => checkSnapshot(missing)).toThrow(`${missing} does not exist`)
  })
})
