import privacy from "../../../../content/pages/privacy.json"
import { BACKUP_MAX_DAYS } from "../../../signup/retention"
import { readBackupSettings } from "../../settings/backup"
import { leftSince, type ErasureEntry } from "../erasure-log"
import { backupProblem, type BackupStatus } from "../snapshot"
import { snapshotName, snapshotsToKeep, snapshotTime } from "../rotation"

const HOUR = 3_600_000
const NOW = new Date("2026-11-25T12:30:00.000Z")
const hoursAgo = (hours: number) => snapshotName(new Date(NOW.getTime() - hours * HOUR))

describe("which snapshots are kept", () => {
  it("names each by the instant it was taken, and reads it back", () => {
    expect(snapshotName(NOW)).toBe("signups-20261125T123000Z.db")
    expect(snapshotTime("signups-20261125T123000Z.db")).toEqual(NOW)
    expect(snapshotTime(".partial-12-signups-20261125T123000Z.db")).toBeNull()
    expect(snapshotTime("last-backup.json")).toBeNull()
  })

  it("keeps the newest of each of the last 24 hours and of each of the last 14 days, and nothing older", () => {
    // Every 20 minutes for 20 days.
    const names = Array.from({ length: 20 * 72 }, (_, index) => hoursAgo(index / 3))
    const kept = [...snapshotsToKeep(names, NOW, { hourly: 24, daily: 14 })].sort()
    const times = kept.map((name) => (snapshotTime(name) as Date).getTime())
    // 24 hours (today's 13 and yesterday's last 11, each day's newest among them) plus the
    // newest of each of the 12 days before: 14 days in all.
    expect(kept).toHaveLength(24 + 12)
    expect(Math.min(...times)).toBeGreaterThanOrEqual(NOW.getTime() - 14 * 24 * HOUR)
    expect(kept).toContain(hoursAgo(0))
  })

  it(`keeps the privacy page's "${"each copy is deleted after at most"}" ${BACKUP_MAX_DAYS} days, whatever the settings say`, () => {
    const words = privacy.sections
      .flatMap((section) => section.paragraphs)
      .find((paragraph) => paragraph.includes("each copy is deleted after at most {backupDays} days"))
    expect(words).toBeDefined()
    const names = Array.from({ length: 60 }, (_, day) => hoursAgo(day * 24))
    for (const daily of [1, 7, BACKUP_MAX_DAYS]) {
      const oldest = Math.min(...[...snapshotsToKeep(names, NOW, { hourly: 1000, daily })].map((name) => (snapshotTime(name) as Date).getTime()))
      expect(NOW.getTime() - oldest).toBeLessThanOrEqual(BACKUP_MAX_DAYS * 24 * HOUR)
    }
    process.env.BACKUP_KEEP_DAILY = "30"
    try {
      const settings = readBackupSettings({ signupsFile: "/srv/block94/.data/signups.db", erasureLog: null })
      expect(settings.rotation.daily).toBe(BACKUP_MAX_DAYS)
      expect(settings.problems).toEqual([expect.stringContaining('BACKUP_KEEP_DAILY is "30"')])
    } finally {
      delete process.env.BACKUP_KEEP_DAILY
    }
  })

  it("will not keep snapshots in the database's own folder, where the list's pepper is", () => {
    process.env.BACKUP_DIR = "/srv/block94/.data"
    try {
      expect(readBackupSettings({ signupsFile: "/srv/block94/.data/signups.db", erasureLog: null }).problems).toEqual([
        expect.stringContaining("BACKUP_DIR is the database's own folder, so the list's pepper (list-pepper) would be copied off with the backups"),
      ])
    } finally {
      delete process.env.BACKUP_DIR
    }
  })

  it("keeps the newest even when backups stopped long ago, but never past the oldest day promised", () => {
    expect([...snapshotsToKeep([hoursAgo(30 * 24), hoursAgo(31 * 24)], NOW, { hourly: 24, daily: 14 })]).toEqual([])
    expect([...snapshotsToKeep([hoursAgo(10 * 24), hoursAgo(10 * 24 + 0.5)], NOW, { hourly: 24, daily: 14 })]).toEqual([hoursAgo(10 * 24)])
  })
})

describe("the erasure log on restore", () => {
  const entry = (at: string, key: string, kind: ErasureEntry["kind"] = "left"): ErasureEntry => ({ at, key, kind })
  const a = "a".repeat(64)
  const b = "b".repeat(64)
  const c = "c".repeat(64)

  it("takes out again those who left after the snapshot, not those who came back since", () => {
    const entries = [
      entry("2026-11-20T00:00:00.000Z", a),
      entry("2026-11-25T01:00:00.000Z", b),
      entry("2026-11-25T02:00:00.000Z", c),
      entry("2026-11-25T03:00:00.000Z", c, "back"),
    ]
    expect(leftSince(entries, "2026-11-25T00:00:00.000Z")).toEqual([b])
  })
})

describe("what the owner is told of backups", () => {
  const good: BackupStatus["lastGood"] = {
    takenAt: "2026-11-25T12:00:00.000Z",
    signups: 10,
    confirmed: 8,
    file: "/b/signups-20261125T120000Z.db",
    bytes: 1,
    durationMs: 5,
  }
  it("names a missing, failed, uncopied or stale backup, and says nothing when all is well", () => {
    expect(backupProblem({ lastGood: null, lastFailure: null, copyFailure: null }, NOW, HOUR)).toMatch(/^No backup has been taken yet/)
    expect(backupProblem({ lastGood: good, lastFailure: { at: "2026-11-25T12:10:00.000Z", error: "disk full" }, copyFailure: null }, NOW, HOUR)).toBe(
      "The last backup failed: disk full",
    )
    expect(
      backupProblem(
        { lastGood: good, lastFailure: null, copyFailure: { at: "2026-11-25T12:00:01.000Z", error: "BACKUP_COMMAND failed: no route" } },
        NOW,
        HOUR,
      ),
    ).toMatch(/not copied off the machine: BACKUP_COMMAND failed/)
    expect(backupProblem({ lastGood: good, lastFailure: null, copyFailure: null }, new Date(NOW.getTime() + 3 * HOUR), HOUR)).toBe(
      "The last good backup is 4 hours old",
    )
    expect(backupProblem({ lastGood: good, lastFailure: null, copyFailure: null }, NOW, HOUR)).toBeNull()
  })
})
