// Backups as the owner takes and uses them, with the commands in processes of their own on a
// real file: a snapshot taken, the list moving on, someone in the snapshot leaving, the snapshot
// restored. Nobody who left comes back; everyone else in the snapshot is there, in their places.
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { DatabaseSync } from "node:sqlite"
import privacy from "../../../../content/pages/privacy.json"
import { tinySite } from "../../../../test/tiny-site"
import { hashToken } from "../../keys/codes"
import { emailKey } from "../../waitlist/email-key"
import pg from "pg"
import { freshDatabase } from "../../../../test/postgres"
import { openEmbeddedStore, openPostgresStore } from "../../store/open-store"
import { allRows, type SignupStore } from "../../store/store"
import { resetSignupRuntime, signupRuntime } from "../../runtime/runtime"
import { checkSnapshot } from "../snapshot"
import { snapshotTime } from "../rotation"
import { confirmedSignup } from "../../../../test/signup-fixtures"
import { runTool } from "../../../../test/run-tool"

jest.setTimeout(60_000)

const ROOT = resolve(__dirname, "..", "..", "..", "..")
const BOOST = 10

const signup = (email: string, referralCode: string, referredBy: string | null = null) => confirmedSignup(email, referralCode, referredBy)

const run = runTool

const withStore = async <Result>(file: string, work: (store: SignupStore) => Promise<Result>): Promise<Result> => {
  const store = openEmbeddedStore(file, BOOST)
  try {
    return await work(store)
  } finally {
    await store.close()
  }
}

/** The ranking worked out the obvious way: confirmed signups by number less BOOST per confirmed referral, the earlier first on a tie. */
const bruteForcePositions = (rows: Awaited<ReturnType<typeof allRows>>): Map<string, number> => {
  const referrals = (code: string) => rows.filter((row) => row.referredBy === code && row.signup.status === "confirmed").length
  const line = rows
    .filter((row) => row.signup.status === "confirmed")
    .map((row) => ({ email: row.signup.email, sequence: row.signup.sequence, standing: row.signup.sequence - BOOST * referrals(row.signup.referralCode) }))
    .sort((a, b) => a.standing - b.standing || a.sequence - b.sequence)
  return new Map(line.map((entry, index) => [entry.email, index + 1]))
}

const snapshotsIn = (dir: string) => readdirSync(dir).filter((name) => snapshotTime(name) !== null)
const digest = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex")
const modeOf = (path: string) => statSync(path).mode & 0o777
/** Every file and folder under `dir`, with its mode. */
const modesUnder = (dir: string): Array<[string, number]> =>
  readdirSync(dir, { recursive: true, encoding: "utf8" }).map((name) => [name, modeOf(join(dir, name))])

describe("npm run db:backup and db:restore", () => {
  // The commands and the server run here as on a machine with the usual umask (022), which would
  // leave new files readable by everyone: theirs must not be.
  let umask: number
  beforeAll(() => {
    umask = process.umask(0o022)
  })
  afterAll(() => {
    process.umask(umask)
  })

  it(`keeps "${"everyone who left after it was made is taken out again"}": a restored snapshot brings back no one who left, with places that add up`, async () => {
    expect(privacy.sections.flatMap((section) => section.paragraphs).join(" ")).toContain(
      "if we ever restore one, everyone who left after it was made is taken out again before it is used",
    )
    const dir = mkdtempSync(join(tmpdir(), "block94-backup-"))
    const file = join(dir, "signups.db")
    const env = { SIGNUPS_FILE: file }
    await withStore(file, async (store) => {
      await store.add(signup("ada@example.com", "ADA0000000"))
      await store.add(signup("bo@example.com", "BO00000000", "ADA0000000"))
      await store.add(signup("cy@example.com", "CY00000000"))
      await store.add(signup("di@example.com", "DI00000000", "ADA0000000"))
      await store.add(signup("ed@example.com", "ED00000000", "CY00000000"))
    })

    // The owner sees there is no backup yet, then the one taken.
    expect((await run("signup-stats.ts", env)).stdout).toContain(
      "Backups\n  last good: none\n  PROBLEM: No backup has been taken yet: the list lives on one disk",
    )
    const backedUp = await run("db-backup.ts", env)
    expect(backedUp.stderr).toBe("")
    expect(backedUp.stdout).toMatch(/^Backed up 5 signups \(5 confirmed\) to .*signups-\d{8}T\d{6}Z\.db: .* checked\./)
    const [snapshot] = snapshotsIn(join(dir, "backups"))
    expect(checkSnapshot(join(dir, "backups", snapshot))).toMatchObject({ signups: 5, confirmed: 5 })
    // Everyone's address is in it: readable by the owner's user only.
    expect(modeOf(join(dir, "backups", snapshot))).toBe(0o600)
    // The pepper beside the database stays there: not in the backups' folder, nor in the snapshot.
    const pepper = readFileSync(join(dir, "list-pepper"), "utf8").trim()
    expect(readdirSync(join(dir, "backups"))).not.toContain("list-pepper")
    expect(readFileSync(join(dir, "backups", snapshot)).includes(pepper)).toBe(false)
    const stats = (await run("signup-stats.ts", env)).stdout
    expect(stats).toMatch(/Backups\n {2}last good: \S+ \(\d+ min ago\), 5 signups, .*signups-\d{8}T\d{6}Z\.db\n/)
    expect(stats).not.toContain("PROBLEM")

    // The list moves on: a newcomer, and two who were in the snapshot leave (one by their own
    // link, one by the owner's command), so the erasure log has them.
    await withStore(file, async (store) => {
      await store.add(signup("fay@example.com", "FAY0000000"))
    })
    const forgot = await run("forget-signup.ts", env, "Bo@Example.com")
    expect(forgot.stdout).toMatch(/^Found and erased/)
    // Leaving by their own status link goes through the store the server runs.
    process.env.SIGNUPS_FILE = file
    try {
      const { store } = signupRuntime()
      await expect(store?.erase({ token: "status", hash: hashToken("status cy@example.com") }, new Date())).resolves.toEqual({ kind: "erased" })
    } finally {
      await resetSignupRuntime()
      delete process.env.SIGNUPS_FILE
    }
    const log = readFileSync(join(dir, "erasures.log"), "utf8")
    expect(log).not.toContain("example.com")
    expect(log.trim().split("\n")).toHaveLength(2)
    // A crash left a write-ahead log beside the database; it must not be folded into the snapshot.
    writeFileSync(`${file}-wal`, "not a write-ahead log")

    // Refused while a server holds the database.
    writeFileSync(`${file}.pid`, `${process.pid}\n`)
    const refused = await run("db-restore.ts", env, join(dir, "backups", snapshot))
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain(`a server (process ${process.pid}) holds`)

    writeFileSync(`${file}.pid`, "999999999\n")
    // A snapshot copied about with looser modes still comes back private.
    chmodSync(join(dir, "backups", snapshot), 0o644)
    const restored = await run("db-restore.ts", env, join(dir, "backups", snapshot))
    expect(restored.stderr).toBe("")
    expect(restored.stdout).toContain("(5 signups)")
    expect(restored.stdout).toContain("Erased again 2 who left after it")
    expect(restored.stdout).toMatch(/kept as .*signups\.db\.replaced-/)
    expect(existsSync(`${file}-wal`)).toBe(false)
    expect(modeOf(file)).toBe(0o600)

    await withStore(file, async (store) => {
      const rows = await allRows(store)
      // Bo and Cy are gone; Ada, Di and Ed from the snapshot are there; Fay came after it.
      expect(rows.map((row) => row.signup.email)).toEqual(["ada@example.com", "di@example.com", "ed@example.com"])
      const expected = bruteForcePositions(rows)
      expect(rows.map((row) => [row.signup.email, row.place?.position, row.place?.total])).toEqual(
        rows.map((row) => [row.signup.email, expected.get(row.signup.email), 3]),
      )
      // Cy's referral of Ed counts for no one, and Ada keeps only Di.
      expect(rows.map((row) => [row.signup.email, row.referrals, row.referredBy])).toEqual([
        ["ada@example.com", 1, null],
        ["di@example.com", 0, "ADA0000000"],
        ["ed@example.com", 0, null],
      ])
      // No old list brings them back either.
      await expect(store.add({ ...signup("bo@example.com", "IMPORTED00"), source: "import" })).resolves.toEqual({ kind: "suppressed" })
    })
    const dump = new DatabaseSync(file, { readOnly: true })
    try {
      expect(JSON.stringify(dump.prepare("select * from signups").all())).not.toMatch(/bo@|cy@/)
    } finally {
      dump.close()
    }
  })

  it("leaves the earlier snapshots as they were when serve:prod is killed halfway through a backup, and the next one succeeds", async () => {
    const dir = mkdtempSync(join(tmpdir(), "block94-backup-kill-"))
    const file = join(dir, "signups.db")
    await withStore(file, (store) => store.add(signup("ada@example.com", "ADA0000000")).then(() => undefined))
    // Enough pages that copying them takes a while, so the kill lands halfway.
    const db = new DatabaseSync(file)
    db.exec(
      "create table padding (bytes blob); with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000) insert into padding select randomblob(65536) from n",
    )
    db.close()
    const first = await run("db-backup.ts", { SIGNUPS_FILE: file })
    expect(first.code).toBe(0)
    const backups = join(dir, "backups")
    const [earlier] = snapshotsIn(backups)
    const before = digest(join(backups, earlier))

    // serve:prod takes a backup as it starts when the last one is older than the interval (here, one minute after).
    writeFileSync(
      join(backups, "last-backup.json"),
      JSON.stringify({
        ...JSON.parse(readFileSync(join(backups, "last-backup.json"), "utf8")),
        lastGood: { ...JSON.parse(readFileSync(join(backups, "last-backup.json"), "utf8")).lastGood, takenAt: "2026-01-01T00:00:00.000Z" },
      }),
    )
    const server = spawn(process.execPath, ["--import", "tsx", join(ROOT, "src/server/prod/main.ts")], {
      cwd: ROOT,
      env: {
        ...process.env,
        SIGNUPS_FILE: file,
        PUBLIC_DIR: tinySite(),
        HOST: "127.0.0.1",
        PORT: "0",
        SIGNUP_SINGLE_OPT_IN: "1",
        BACKUP_INTERVAL_MINUTES: "1",
      },
      stdio: "ignore",
    })
    const partial = await new Promise<string>((found, fail) => {
      const started = Date.now()
      const look = setInterval(() => {
        const name = readdirSync(backups).find((entry) => entry.startsWith(".partial-"))
        if (name) {
          server.kill("SIGKILL")
          clearInterval(look)
          found(name)
        } else if (Date.now() - started > 30_000) {
          clearInterval(look)
          server.kill("SIGKILL")
          fail(new Error("serve:prod took no backup"))
        }
      }, 1)
    })
    await new Promise((exited) => server.once("exit", exited))
    // Killed halfway: its unfinished copy is still there, under a name no restore would take.
    expect(readdirSync(backups)).toContain(partial)
    expect(snapshotsIn(backups)).toEqual([earlier])
    expect(digest(join(backups, earlier))).toBe(before)
    expect(checkSnapshot(join(backups, earlier))).toMatchObject({ signups: 1 })

    // The next run clears the unfinished copy and succeeds. Names resolve to the second: it is
    // taken in a later second than the first (by now it usually is already).
    const nextSecond = (snapshotTime(earlier)?.getTime() ?? 0) + 1000
    if (Date.now() < nextSecond) await new Promise((later) => setTimeout(later, nextSecond - Date.now()))
    const next = await run("db-backup.ts", { SIGNUPS_FILE: file })
    expect(next.code).toBe(0)
    expect(readdirSync(backups).filter((name) => name.startsWith(".partial-"))).toEqual([])
    // Within the same hour the newer snapshot takes the earlier one's place in the rotation.
    const [latest] = snapshotsIn(backups)
    expect(snapshotsIn(backups)).toHaveLength(1)
    expect(latest > earlier).toBe(true)
    expect(checkSnapshot(join(backups, latest))).toMatchObject({ signups: 1 })
  })

  it("on a new machine, serve:prod makes its data folder, opens the list and takes its first backup, with no error, every file its user's alone", async () => {
    const dir = join(mkdtempSync(join(tmpdir(), "block94-first-start-")), "data", "not-made-yet")
    const server = spawn(process.execPath, ["--import", "tsx", join(ROOT, "src/server/prod/main.ts")], {
      cwd: ROOT,
      env: { ...process.env, SIGNUPS_FILE: join(dir, "signups.db"), PUBLIC_DIR: tinySite(), HOST: "127.0.0.1", PORT: "0", SIGNUP_SINGLE_OPT_IN: "1" },
      stdio: ["ignore", "ignore", "pipe"],
    })
    let log = ""
    const firstBackup = new Promise<void>((done, fail) => {
      server.stderr.on("data", (chunk: Buffer) => {
        log += chunk.toString()
        if (/backed up \d+ signups|backup failed/.test(log)) done()
      })
      server.once("exit", () => fail(new Error(`serve:prod stopped:\n${log}`)))
    })
    try {
      await firstBackup
    } finally {
      const exited = new Promise((stopped) => server.once("exit", stopped))
      server.kill("SIGTERM")
      await exited
    }
    expect(log).toMatch(/backed up 0 signups/)
    expect(log).not.toMatch(/failed|ENOENT|no such table/)
    expect(snapshotsIn(join(dir, "backups"))).toHaveLength(1)
    // The database, the pepper, the snapshot, the backups' status: nothing another user could read.
    const modes = modesUnder(dir)
    expect(modes.map(([name]) => name)).toEqual(expect.arrayContaining(["signups.db", "list-pepper", "backups", "backups/last-backup.json"]))
    expect(modes).toEqual(modes.map(([name]) => [name, statSync(join(dir, name)).isDirectory() ? 0o700 : 0o600]))
  })

  it("copies each snapshot off the machine with BACKUP_COMMAND, and reports a command that fails as a problem", async () => {
    const dir = mkdtempSync(join(tmpdir(), "block94-backup-copy-"))
    const far = mkdtempSync(join(tmpdir(), "block94-far-away-"))
    const file = join(dir, "signups.db")
    await withStore(file, (store) => store.add(signup("ada@example.com", "ADA0000000")).then(() => undefined))
    const copied = await run("db-backup.ts", {
      SIGNUPS_FILE: file,
      BACKUP_COMMAND: `cp "$BACKUP_FILE" "${far}/" && cp "$BACKUP_DIR/erasures.log" "${far}/" 2>/dev/null; true`,
    })
    expect(copied.stdout).toContain("copied off the machine (BACKUP_COMMAND)")
    const [snapshot] = snapshotsIn(far)
    expect(checkSnapshot(join(far, snapshot))).toMatchObject({ signups: 1 })

    const failed = await run("db-backup.ts", { SIGNUPS_FILE: file, BACKUP_COMMAND: "echo 'remote: bucket not found' >&2; exit 3" })
    expect(failed.code).toBe(1)
    expect(failed.stdout).toContain("BACKUP_COMMAND FAILED")
    // The snapshot itself is kept; the owner is told the copy did not leave the machine.
    expect((await run("signup-stats.ts", { SIGNUPS_FILE: file })).stdout).toContain(
      "PROBLEM: The last backup was not copied off the machine: BACKUP_COMMAND failed: remote: bucket not found",
    )
  })

  it("with PostgreSQL, says what to use instead, and after a point-in-time restore erases again those who left since", async () => {
    const url = await freshDatabase()
    const dir = mkdtempSync(join(tmpdir(), "block94-pg-restore-"))
    const env = { DATABASE_URL: url, ERASURE_LOG: join(dir, "erasures.log") }
    const backup = await run("db-backup.ts", env)
    expect(backup.code).toBe(2)
    expect(backup.stderr).toContain("point-in-time recovery")

    const restorePoint = new Date().toISOString()
    Object.assign(process.env, env)
    try {
      const { store } = signupRuntime()
      await store?.add(signup("ada@example.com", "ADA0000000"))
      await store?.add(signup("bo@example.com", "BO00000000"))
      await expect(store?.erase({ emailKey: emailKey("bo@example.com") }, new Date())).resolves.toEqual({ kind: "erased" })
    } finally {
      await resetSignupRuntime()
      delete process.env.DATABASE_URL
      delete process.env.ERASURE_LOG
    }
    // The provider's restore to the restore point brings Bo back, as the database was then.
    const pool = new pg.Pool({ connectionString: url })
    await pool.query("delete from signup_suppressions")
    await pool.end()
    const restored = openPostgresStore({ connectionString: url, poolSize: 2 }, BOOST)
    await restored.add(signup("bo@example.com", "BO00000000"))
    expect((await allRows(restored)).map((row) => row.signup.email)).toEqual(["ada@example.com", "bo@example.com"])
    await restored.close()

    const reapplied = await run("db-restore.ts", env, "--erasures-since", restorePoint)
    expect(reapplied.stderr).toBe("")
    expect(reapplied.stdout).toContain("Erased again 1 who left since")
    const after = openPostgresStore({ connectionString: url, poolSize: 2 }, BOOST)
    try {
      expect((await allRows(after)).map((row) => [row.signup.email, row.place?.position])).toEqual([["ada@example.com", 1]])
    } finally {
      await after.close()
    }
  })
})
