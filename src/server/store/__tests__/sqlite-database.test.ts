// SQLite's group commit: transactions asked for together share one durable commit, yet each
// stands alone: one that fails leaves nothing, the others keep everything, and each is answered
// only once what it wrote is on disk for any other connection to read.
import { mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { openSqliteDatabase } from "../sqlite-database"

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
