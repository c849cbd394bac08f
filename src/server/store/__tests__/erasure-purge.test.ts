// Leaving while someone reads the database (the hourly backup, an export, the owner's CSV): the
// answer does not wait for the reader and the server keeps serving, and once the reader lets go
// the address is in none of the database's files.
import { existsSync, mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { linkSecret } from "../../../../test/link-secret"
import { signupFields, SITE_URL } from "../../../../test/mail-service"
import { createSignupService } from "../../waitlist/service"
import { openEmbeddedStore } from "../open-store"

const NOW = new Date("2026-11-22T12:00:00.000Z")

/** A second connection in a read transaction, as a backup or an export holds one. */
const holdReader = (file: string) => {
  const reader = new DatabaseSync(file, { readOnly: true })
  reader.exec("begin")
  reader.prepare("select count(*) as signups from signups").get()
  return { release: () => (reader.exec("commit"), reader.close()) }
}

/** Whether any of the database's files holds `text`, byte for byte. */
const filesHold = (file: string, text: string): boolean =>
  [file, `${file}-wal`].some((path) => existsSync(path) && readFileSync(path).includes(Buffer.from(text, "utf8")))

/** Settles `promise` into a flag the test can look at while it waits. */
const watch = (promise: Promise<unknown>) => {
  const state = { settled: false }
  void promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  )
  return state
}

/** Ticks of a 10 ms timer: the event loop turns while they grow. */
const ticking = () => {
  const timer = { ticks: 0, stop: () => clearInterval(interval) }
  const interval = setInterval(() => (timer.ticks += 1), 10)
  return timer
}

const untilTicks = async (timer: { ticks: number }, count: number): Promise<void> => {
  const target = timer.ticks + count
  while (timer.ticks < target) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe("leaving while a reader holds the SQLite database", () => {
  it("answers without waiting for the reader, keeps serving, and leaves the address in no file once the reader lets go", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "block94-purge-")), "signups.db")
    const store = openEmbeddedStore(file, 10)
    const service = createSignupService({ store, mail: null, settings: { siteUrl: SITE_URL, referralBoost: 10 } })
    const address = "Reader.Held+drops@Example.com"
    const stays = await service.join(signupFields("stays@example.com", NOW), NOW)
    const leaving = await service.join(signupFields(address, NOW), NOW)
    if (leaving.kind !== "confirmed" || stays.kind !== "confirmed") throw new Error("single opt-in signups are confirmed")
    const token = (answer: { statusUrl: string }) => linkSecret(answer.statusUrl)

    const reader = holdReader(file)
    const timer = ticking()
    try {
      await expect(service.leave(token(leaving), NOW)).resolves.toEqual({ kind: "left" })
      const purged = watch(store.purged())
      // The server's thread turns and answers others while the log waits for the reader.
      await untilTicks(timer, 5)
      await expect(service.status(token(stays), NOW)).resolves.toMatchObject({ kind: "found", position: 1 })
      expect(purged.settled).toBe(false)
      // The reader still sees the list as it was, so the files still hold the address.
      expect(filesHold(file, "Reader.Held")).toBe(true)
    } finally {
      reader.release()
      timer.stop()
    }
    await store.purged()
    for (const trace of [address, "reader.held@example.com", "Reader.Held"]) expect(filesHold(file, trace)).toBe(false)
    await store.close()
  })
})
