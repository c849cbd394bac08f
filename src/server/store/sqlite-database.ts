/**
 * SQLite through Node's built-in `node:sqlite` (Node 22.13+; no dependency, nothing to build).
 * One file in WAL mode: readers (an export in another process) never wait for the writer.
 * Deleted data is overwritten on disk (`secure_delete`), so what is erased leaves no trace in the file.
 *
 * The API is synchronous; statements and transactions run one at a time in the order they were
 * asked for, so an async transaction's statements never interleave with another's. Transactions
 * asked for while another commits share the next commit (group commit). A commit is made durable
 * off the event loop: SQLite writes the log without waiting for the disk (`synchronous=NORMAL`),
 * and the group is answered once an fdatasync of the log, on libuv's thread pool, has returned.
 * Waiting for the disk in the commit itself (`synchronous=FULL`) held up every request behind
 * it: measured under launch-day load, a quarter of the server's one thread. Folding the
 * write-ahead log back into the file (a checkpoint) happens on a thread of its own, so no commit,
 * and no visitor waiting for one, pays for it: on a large file it costs many milliseconds. That
 * thread also empties the log after an erasure, once no reader (a backup, an export) still reads
 * it: the server's thread never waits for a reader.
 */
import { closeSync, fdatasync, mkdirSync, openSync } from "node:fs"
import path from "node:path"
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite"
import { Worker } from "node:worker_threads"
import { StoreUnavailableError, type SqlDatabase, type SqlExecutor } from "./database"

/**
 * `$1` -> `?`, or `?1` where numbers repeat or come out of order: SQLite reads `$1` as a parameter
 * *named* "1". Binding a numbered parameter costs node:sqlite a search through all their names,
 * so a statement of thousands of them (a batch of view counters) took seconds; plain `?`, bound by
 * position, takes as many microseconds.
 */
const toSqliteParameters = (text: string): string => {
  const inOrder = [...text.matchAll(/\$(\d+)/g)].every((match, index) => Number(match[1]) === index + 1)
  return text.replace(/\$(\d+)/g, inOrder ? "?" : "?$1")
}

const toSqliteValue = (value: unknown): SQLInputValue => {
  if (value === undefined || value === null) return null
  if (value instanceof Date) return value.toISOString()
  if (typeof value === "boolean") return value ? 1 : 0
  return value as SQLInputValue
}

/** SQLITE_BUSY and SQLITE_LOCKED: another process holds the file longer than busy_timeout. */
const isBusy = (error: unknown): boolean => {
  const errcode = (error as { errcode?: number }).errcode
  return typeof errcode === "number" && ((errcode & 0xff) === 5 || (errcode & 0xff) === 6)
}

/**
 * SQLITE_IOERR, SQLITE_FULL and SQLITE_CANTOPEN: the disk is full or failing. The transaction is
 * rolled back, so nothing half-written stays; the client is told to try again later.
 */
const isDiskProblem = (error: unknown): boolean => {
  const errcode = (error as { errcode?: number }).errcode
  return typeof errcode === "number" && [10, 13, 14].includes(errcode & 0xff)
}

/** How long a client is asked to wait while the disk is full or failing: someone has to act. */
export const DISK_RETRY_AFTER_SECONDS = 30

const BUSY_TIMEOUT_MS = 5_000

/** How often the checkpointer folds the log back into the file. */
const CHECKPOINT_INTERVAL_MS = 1_000
/** How often the checkpointer tries again to empty the log while a reader keeps it. */
const PURGE_RETRY_MS = 100
/** After this long waiting for a reader, the log says so (once per erasure). */
const PURGE_WARNING_MS = 30_000

// The checkpointer's thread, with a connection of its own. Every second a PASSIVE checkpoint
// folds the log back into the file without waiting for the writer or holding it up. Asked to
// purge (after an erasure, with a number), it folds back what it can, then empties the log with
// TRUNCATE, which needs every reader to have let go of the log: with no busy timeout it never
// waits for one (nor holds the writer while it would); busy, it tries again a moment later, and
// once the log is empty it answers with the number. It purges once at start too. (Source text, so the store needs no file of
// its own to start it.)
const CHECKPOINTER = `
const { DatabaseSync } = require("node:sqlite")
const { parentPort, workerData } = require("node:worker_threads")
const db = new DatabaseSync(workerData.file, { timeout: 0 })
const checkpoint = (mode) => db.prepare("pragma wal_checkpoint(" + mode + ")").get()
const foldBack = () => {
  try {
    checkpoint("passive")
  } catch {
    // Busy now: the next turn tries again.
  }
}
let asked = 0
let retry = null
const purge = () => {
  retry = null
  const number = asked
  foldBack()
  try {
    if (!checkpoint("truncate").busy) return parentPort.postMessage(number)
  } catch {
    // Busy as well: below.
  }
  retry = setTimeout(purge, workerData.retryMs)
}
parentPort.on("message", (number) => {
  asked = number
  if (retry === null) purge()
})
setInterval(foldBack, workerData.intervalMs)
// What a process that closed while a reader kept the log left in it goes now.
purge()
`

/** The checkpointer thread, and the purges asked of it that are not done yet. */
const startCheckpointer = (file: string) => {
  const worker = new Worker(CHECKPOINTER, { eval: true, workerData: { file, intervalMs: CHECKPOINT_INTERVAL_MS, retryMs: PURGE_RETRY_MS } })
  worker.on("error", (error) => console.error("signups: the SQLite checkpointer stopped:", error.message))
  // It must not keep a process alive that has nothing else to do.
  worker.unref()
  let asked = 0
  let done = 0
  let waiters: Array<{ number: number; settle(): void; fail(error: Error): void }> = []
  const finished = (number: number): void => {
    done = Math.max(done, number)
    for (const waiter of waiters) if (waiter.number <= done) waiter.settle()
    waiters = waiters.filter((waiter) => waiter.number > done)
  }
  worker.on("message", (number: number) => finished(number))
  return {
    purge(): void {
      asked += 1
      worker.postMessage(asked)
      const number = asked
      setTimeout(() => {
        if (done < number)
          console.warn(
            "signups: a reader (a backup, an export) has kept the write-ahead log from being emptied after an erasure for 30 s; it is emptied once the reader finishes",
          )
      }, PURGE_WARNING_MS).unref()
    },
    /** Resolves once every purge asked so far is done. */
    purged(): Promise<void> {
      if (done >= asked) return Promise.resolve()
      return new Promise((settle, fail) => waiters.push({ number: asked, settle, fail }))
    },
    /** Stops the thread, then `emptyLog` (at close) empties the log if it can: every purge is done then. */
    async stop(emptyLog: () => boolean): Promise<void> {
      await worker.terminate()
      const emptied = emptyLog()
      if (done >= asked) return
      if (emptied) return finished(asked)
      for (const waiter of waiters) waiter.fail(new Error("the store closed while a reader kept the write-ahead log from being emptied"))
      waiters = []
    },
  }
}

const openFile = (file: string, readOnly: boolean): DatabaseSync => {
  if (!readOnly) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
    // It holds everyone's address: readable by its owner only (SQLite gives its -wal and -shm files the same mode).
    closeSync(openSync(file, "a", 0o600))
  }
  const db = new DatabaseSync(file, { readOnly, timeout: BUSY_TIMEOUT_MS })
  if (!readOnly) {
    db.exec("pragma journal_mode = wal")
    // Durable before answered all the same: each commit is followed by a sync of the log (logSync).
    db.exec("pragma synchronous = normal")
    // Checkpoints are the checkpointer thread's job, not a commit's.
    db.exec("pragma wal_autocheckpoint = 0")
    db.exec("pragma secure_delete = on")
  }
  db.exec("pragma foreign_keys = on")
  return db
}

/** Flushes a file's data to the disk, like fdatasync(2). */
export type SyncFile = (fd: number) => Promise<void>

const fdatasyncOnThreadPool: SyncFile = (fd) => new Promise((done, fail) => fdatasync(fd, (error) => (error ? fail(error) : done())))

/**
 * The sync of the write-ahead log after commits: a commit's frames are on disk once a sync that
 * started after it has returned. Commits made while one sync runs share the next one.
 */
const logSync = (file: string, sync: SyncFile) => {
  let fd: number | null = null
  let running: Promise<void> = Promise.resolve()
  let next: Promise<void> | null = null
  return {
    /** Resolves once everything committed so far is on disk. */
    afterCommit: (): Promise<void> => {
      next ??= running
        .catch(() => undefined)
        .then(() => {
          next = null
          fd ??= openSync(`${file}-wal`, "r")
          running = sync(fd)
          return running
        })
      return next
    },
    /** Before SQLite closes the connection (and removes the log). */
    close: (): void => {
      if (fd !== null) closeSync(fd)
      fd = null
    },
  }
}

const diskProblem = (cause: unknown): StoreUnavailableError =>
  new StoreUnavailableError("the signup database's disk is full or failing", { cause, retryAfterSeconds: DISK_RETRY_AFTER_SECONDS })

/** Statements that only read, which need no sync. */
const READS = /^\s*(select|pragma)\b/i

/**
 * Opens on first use, so a folder that cannot be made fails a request, not the process, and is
 * tried again. `sync` flushes the log after commits (fdatasync; a test gives a stand-in).
 */
export const openSqliteDatabase = (file: string, { sync = fdatasyncOnThreadPool }: { sync?: SyncFile } = {}): SqlDatabase => {
  const log = logSync(file, sync)
  /** Everything committed so far on disk; a failed sync is the disk failing. */
  const durable = () => log.afterCommit().catch((error: unknown) => Promise.reject(diskProblem(error)))
  let opened: DatabaseSync | null = null
  let checkpointer: ReturnType<typeof startCheckpointer> | null = null
  const connection = (): DatabaseSync => {
    if (!opened) {
      opened = openFile(file, false)
      checkpointer = startCheckpointer(file)
    }
    return opened
  }
  const statements = new Map<string, StatementSync>()
  const prepared = (text: string): StatementSync => {
    let statement = statements.get(text)
    if (!statement) {
      statement = connection().prepare(toSqliteParameters(text))
      statements.set(text, statement)
    }
    return statement
  }
  const run = <Result extends object>(text: string, values: readonly unknown[] = []): Result[] => {
    try {
      return prepared(text).all(...values.map(toSqliteValue)) as Result[]
    } catch (error) {
      if (isBusy(error)) throw new StoreUnavailableError("the signup database is busy", { cause: error, retryAfterSeconds: 1 })
      if (isDiskProblem(error)) throw diskProblem(error)
      throw error
    }
  }

  // Everything runs in turn: a transaction holds the turn until it commits or rolls back.
  let turn: Promise<unknown> = Promise.resolve()
  const inTurn = <Result>(work: () => Promise<Result> | Result): Promise<Result> => {
    const result = turn.then(work)
    turn = result.catch(() => undefined)
    return result
  }
  const executor: SqlExecutor = { query: async (text, values) => run(text, values) }

  /**
   * Group commit: the transactions asked for while another commits share the next commit, each in
   * a savepoint of its own, so one that throws rolls back alone. Each is answered only once the
   * commit is durable; a commit that fails fails them all, and nothing of theirs stays.
   */
  let waiting: Array<{ work: (tx: SqlExecutor) => Promise<unknown>; settle(result: unknown): void; fail(error: unknown): void }> = []
  const commitWaiting = async (): Promise<void> => {
    const group = waiting
    waiting = []
    const done: Array<{ settle(result: unknown): void; result: unknown }> = []
    try {
      // IMMEDIATE takes the write lock now, so two processes never deadlock upgrading a read.
      run("begin immediate")
    } catch (error) {
      for (const entry of group) entry.fail(error)
      return
    }
    for (const entry of group) {
      run("savepoint work")
      try {
        const result = await entry.work(executor)
        run("release work")
        done.push({ settle: entry.settle, result })
      } catch (error) {
        if (connection().isTransaction) {
          try {
            run("rollback to work")
            run("release work")
            entry.fail(error)
            continue
          } catch {
            // The disk again: below, as if the transaction were gone.
          }
        }
        // The database rolled the whole transaction back (a full or failing disk): nothing of this group stays.
        rollBack()
        for (const lost of group) lost.fail(error)
        return
      }
    }
    try {
      run("commit")
    } catch (error) {
      rollBack()
      for (const entry of group) entry.fail(error)
      return
    }
    // The next group may start now; this one is answered once its commit is on disk.
    durable().then(
      () => done.forEach(({ settle, result }) => settle(result)),
      (error: unknown) => group.forEach((entry) => entry.fail(error)),
    )
  }
  const rollBack = (): void => {
    if (!connection().isTransaction) return
    try {
      run("rollback")
    } catch {
      // A failed rollback (the disk again) must not hide why the transaction failed.
    }
  }

  return {
    engine: "sqlite",
    // A write outside a transaction is answered once on disk too. Reads need no wait: what they
    // could show of a commit not yet on disk (a status token, a referral code) is known only to
    // whoever asked for that commit, once it is answered.
    query: async <Result extends object>(text: string, values?: readonly unknown[]) => {
      const rows = await inTurn(() => run<Result>(text, values))
      if (!READS.test(text)) await durable()
      return rows
    },
    transaction: <Result>(work: (tx: SqlExecutor) => Promise<Result>) =>
      new Promise<Result>((settle, fail) => {
        waiting.push({ work, settle: settle as (result: unknown) => void, fail })
        // The rest of this turn of the event loop joins it.
        if (waiting.length === 1) setImmediate(() => void inTurn(commitWaiting))
      }),
    // The checkpointer's thread does it: the server's thread never waits for a reader.
    purgeDeleted: () => checkpointer?.purge(),
    purged: () => checkpointer?.purged() ?? Promise.resolve(),
    async *stream<Result extends object>(text: string, values: readonly unknown[], pageSize: number): AsyncIterable<Result[]> {
      // A connection of its own: its read transaction sees one snapshot and holds up no writer.
      // (The writer's connection first, which makes the file if it is new.)
      connection()
      const reader = openFile(file, true)
      try {
        reader.exec("begin")
        let page: Result[] = []
        for (const row of reader.prepare(toSqliteParameters(text)).iterate(...values.map(toSqliteValue))) {
          page.push(row as Result)
          if (page.length >= pageSize) {
            yield page
            page = []
          }
        }
        if (page.length > 0) yield page
      } finally {
        if (reader.isTransaction) reader.exec("commit")
        reader.close()
      }
    },
    close: () =>
      inTurn(async () => {
        // A connection that changed the list folds the write-ahead log back into the file, so a
        // copy of the one file is the whole list (and an erasure is in no file); a reader (an
        // export beside the server) leaves it be. Closing may wait for readers: nobody is served any more.
        const emptyLog = (): boolean => {
          if (!opened?.isOpen) return false
          const { changes } = opened.prepare("select total_changes() as changes").get() as { changes: number }
          if (changes === 0) return false
          const { busy } = opened.prepare("pragma wal_checkpoint(truncate)").get() as { busy: number }
          if (busy) console.warn("signups: a reader kept the write-ahead log from being folded into the database at close; the next start empties it")
          return !busy
        }
        await checkpointer?.stop(emptyLog)
        checkpointer = null
        if (!opened?.isOpen) return
        log.close()
        opened.close()
        opened = null
        statements.clear()
      }),
  }
}
