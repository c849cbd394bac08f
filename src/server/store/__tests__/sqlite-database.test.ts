// SQLite's group commit: transactions asked for together share one durable commit, yet each
// stands alone: one that fails leaves nothing, the others keep everything, and each is answered
// only once what it wrote is on disk for any other connection to read, and once the log's sync
// (off the event loop) has returned.
import { mkdtempSync, readlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { isStoreUnavailable } from "../database"
import { DISK_RETRY_AFTER_SECONDS, openSqliteDatabase, type SyncFile } from "../sqlite-database"

const newFile = () => join(mkdtempSync(join(tmpdir(), "block94-sqlite-")), "group.db")

/** What another connection (another process, a backup) reads from the file now. */
const namesOnDisk = (file: string): string[] => {
  const reader = new DatabaseSync(file, { readOnly: true })
  try {
    return reader
      .prepare("select name from people order by id")
      .all()
      .map((row) => String(row.name))
  } finally {
    reader.close()
  }
}

describe("SQLite transactions asked for together", () => {
  it("are answered in order, each once its rows are on disk", async () => {
    const file = newFile()
    const db = openSqliteDatabase(file)
    await db.query("create table people (id integer primary key, name text not null unique)")
    const seenWhenAnswered: string[][] = []
    await Promise.all(
      ["ada", "bo", "cy"].map((name) =>
        db
          .transaction((tx) => tx.query("insert into people (name) values ($1)", [name]))
          .then(() => {
            seenWhenAnswered.push(namesOnDisk(file))
          }),
      ),
    )
    expect(seenWhenAnswered).toEqual([
      ["ada", "bo", "cy"],
      ["ada", "bo", "cy"],
      ["ada", "bo", "cy"],
    ])
    await db.close()
  })

  it("fail alone: one that throws rolls back its own writes, and the others commit", async () => {
    const file = newFile()
    const db = openSqliteDatabase(file)
    await db.query("create table people (id integer primary key, name text not null unique)")
    const outcomes = await Promise.allSettled([
      db.transaction((tx) => tx.query("insert into people (name) values ($1)", ["ada"])),
      db.transaction(async (tx) => {
        await tx.query("insert into people (name) values ($1)", ["half-written"])
        // The second row breaks the unique rule: the whole transaction, first row included, goes.
        await tx.query("insert into people (name) values ($1)", ["ada"])
      }),
      db.transaction(async (tx) => {
        await tx.query("insert into people (name) values ($1)", ["bo"])
        throw new Error("changed its mind")
      }),
      db.transaction((tx) => tx.query("insert into people (name) values ($1)", ["cy"])),
    ])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"])
    expect(namesOnDisk(file)).toEqual(["ada", "cy"])
    await db.close()
  })
})

/** A database file with its table, made by another connection, as a migrated store's would be. */
const fileWithPeople = (): string => {
  const file = newFile()
  const setup = new DatabaseSync(file)
  setup.exec("pragma journal_mode = wal")
  setup.exec("create table people (id integer primary key, name text not null unique)")
  setup.close()
  return file
}

/** Syncs of the log that the test lets return (or fail) when it chooses. */
const heldSyncs = () => {
  const calls: Array<{ file: string; release(): void; fail(error: Error): void }> = []
  const sync: SyncFile = (fd) => new Promise((release, fail) => calls.push({ file: readlinkSync(`/proc/self/fd/${fd}`), release, fail }))
  return { sync, calls }
}

/** Lets the event loop turn until `done()` holds (no clock involved). */
const until = async (done: () => boolean): Promise<void> => {
  for (let turns = 0; !done(); turns++) {
    if (turns > 10_000) throw new Error("never happened")
    await new Promise((resolve) => setImmediate(resolve))
  }
}

describe("SQLite commits made durable off the event loop", () => {
  it("answers a transaction only once a sync of the log that began after its commit has returned", async () => {
    const file = fileWithPeople()
    const { sync, calls } = heldSyncs()
    const db = openSqliteDatabase(file, { sync })
    let firstAnswered = false
    const first = db.transaction((tx) => tx.query("insert into people (name) values ($1)", ["ada"])).then(() => (firstAnswered = true))
    await until(() => calls.length === 1)
    expect(calls[0].file).toBe(`${file}-wal`)
    expect(namesOnDisk(file)).toEqual(["ada"])
    expect(firstAnswered).toBe(false)

    // The next transaction commits meanwhile, and waits for the next sync, not this one.
    let secondAnswered = false
    const second = db.transaction((tx) => tx.query("insert into people (name) values ($1)", ["bo"])).then(() => (secondAnswered = true))
    await until(() => namesOnDisk(file).length === 2)
    calls[0].release()
    await first
    expect(secondAnswered).toBe(false)
    await until(() => calls.length === 2)
    calls[1].release()
    await second
    expect(secondAnswered).toBe(true)
    await db.close()
  })

  it("answers every transaction of a commit whose sync failed as the disk failing (503, try later), and goes on after", async () => {
    const file = fileWithPeople()
    const { sync, calls } = heldSyncs()
    const db = openSqliteDatabase(file, { sync })
    const group = [
      db.transaction((tx) => tx.query("insert into people (name) values ($1)", ["ada"])),
      db.transaction((tx) => tx.query("insert into people (name) values ($1)", ["bo"])),
    ]
    await until(() => calls.length === 1)
    calls[0].fail(Object.assign(new Error("EIO: i/o error, fdatasync"), { code: "EIO" }))
    const outcomes = await Promise.allSettled(group)
    for (const outcome of outcomes) {
      expect(outcome.status).toBe("rejected")
      const reason = (outcome as PromiseRejectedResult).reason
      expect(isStoreUnavailable(reason) && reason.retryAfterSeconds).toBe(DISK_RETRY_AFTER_SECONDS)
    }
    const later = db.transaction((tx) => tx.query("insert into people (name) values ($1)", ["cy"]))
    await until(() => calls.length === 2)
    calls[1].release()
    await expect(later).resolves.toBeDefined()
    await db.close()
  })

  it("answers a write outside a transaction after the sync too, and a read at once", async () => {
    const file = fileWithPeople()
    const { sync, calls } = heldSyncs()
    const db = openSqliteDatabase(file, { sync })
    let written = false
    const write = db.query("insert into people (name) values ($1)", ["ada"]).then(() => (written = true))
    await until(() => calls.length === 1)
    expect(written).toBe(false)
    await expect(db.query("select name from people")).resolves.toEqual([{ name: "ada" }])
    calls[0].release()
    await write
    await db.close()
  })
})

describe("SQLite statements with numbered parameters ($1, $2, ...)", () => {
  it("binds each value to its number, whether the numbers come in order, repeat or come out of order", async () => {
    const db = openSqliteDatabase(newFile())
    try {
      await db.query("create table pairs (a text not null, b text not null)")
      const rows = Array.from({ length: 3_000 }, (_, index) => [`a${index}`, `b${index}`])
      await db.query(`insert into pairs (a, b) values ${rows.map((_, index) => `($${2 * index + 1}, $${2 * index + 2})`).join(", ")}`, rows.flat())
      expect(await db.query("select a, b from pairs where rowid in (1, 3000) order by rowid")).toEqual([
        { a: "a0", b: "b0" },
        { a: "a2999", b: "b2999" },
      ])
      expect(await db.query("select $2 as second, $1 as first, $2 || $1 as both", ["one", "two"])).toEqual([{ second: "two", first: "one", both: "twoone" }])
    } finally {
      await db.close()
    }
  })
})
