/**
 * The embedded store: the list as an append-only JSON Lines file of events (a signup, a
 * confirmation, a new token, a mail sent), replayed into memory at start. Human-readable,
 * easy to back up and repair, no server to run: for `npm start`, `npm run serve` and a single
 * self-hosted machine.
 *
 * Writes use group commit: every change waiting while one write is on its way goes to disk
 * together in the next, in one durable write (O_DSYNC) for all of them, and each caller is
 * answered only once its change is on disk. A line cut short by a crash is skipped when the file
 * is read.
 */
import { constants, promises as fs } from "node:fs"
import path from "node:path"
import { emailKey } from "../waitlist/email-key"
import { hashToken, newReferralCode, newSecretToken } from "../waitlist/codes"
import { applyEvent, emptyState, exportRowsOf, parseEvent, placeOf, placeOfNewest, signupEvent, standingOf, type ListEvent, type ListState } from "./list-state"
import type { SignupStore } from "./store"

/**
 * Opened to append, with O_DSYNC: a write returns once its data is on disk, as if followed by
 * fdatasync, in one call where a write and a sync would take two (each a trip to Node's thread pool).
 */
const APPEND_DURABLY = constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_DSYNC

/** Appends lines to a file in batches, one durable write per batch. */
class AppendLog {
  private readonly waiting: Array<{ text: string; done: (error?: unknown) => void }> = []
  private writing = false
  private handle: fs.FileHandle | null = null
  /** False when the file ends inside a line, which the next write must not continue. */
  endsCleanly = true

  constructor(private readonly filePath: string) {}

  /** Resolves once `lines` (and everything before them) are on disk. */
  append(lines: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ text: lines.map((line) => `${line}\n`).join(""), done: (error) => (error ? reject(error) : resolve()) })
      if (!this.writing) void this.writeBatches()
    })
  }

  private async writeBatches(): Promise<void> {
    this.writing = true
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0)
      try {
        await this.write((this.endsCleanly ? "" : "\n") + batch.map(({ text }) => text).join(""))
        this.endsCleanly = true
        for (const { done } of batch) done()
      } catch (error) {
        await this.handle?.close().catch(() => undefined)
        this.handle = null
        for (const { done } of batch) done(error)
      }
    }
    this.writing = false
  }

  private async write(text: string): Promise<void> {
    if (text === "") return
    if (!this.handle) {
      await fs.mkdir(path.dirname(this.filePath), { recursive: true })
      this.handle = await fs.open(this.filePath, APPEND_DURABLY, 0o600)
    }
    const bytes = Buffer.from(text, "utf8")
    let written = 0
    while (written < bytes.length) written += (await this.handle.write(bytes, written, bytes.length - written)).bytesWritten
  }

  async close(): Promise<void> {
    await this.append([])
    await this.handle?.close()
    this.handle = null
  }
}

const readText = async (filePath: string): Promise<string> => {
  try {
    return await fs.readFile(filePath, "utf8")
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return ""
    throw error
  }
}

/** Fixed key order keeps the file easy to read and to diff. */
const toLine = (event: ListEvent): string => JSON.stringify(event)

export const createFileStore = (filePath: string): SignupStore => {
  const log = new AppendLog(filePath)
  let loading: Promise<ListState> | null = null

  /** Reads the file once; after a failed write it is read again, to know what reached it. */
  const state = (): Promise<ListState> => {
    loading ??= (async () => {
      const text = await readText(filePath)
      const loaded = emptyState()
      for (const line of text.split("\n")) {
        const event = line.trim() === "" ? null : parseEvent(line)
        if (event) applyEvent(loaded, event, emailKey)
      }
      log.endsCleanly = text === "" || text.endsWith("\n")
      // Signups from before referral links get their code and status token now, once.
      const upgrades: ListEvent[] = loaded.order
        .filter((signup) => !signup.referralCode)
        .map((signup) => ({ type: "upgrade", emailKey: signup.emailKey, referralCode: newReferralCode(), statusTokenHash: hashToken(newSecretToken()) }))
      for (const event of upgrades) applyEvent(loaded, event, emailKey)
      if (upgrades.length > 0) await log.append(upgrades.map(toLine))
      return loaded
    })()
    loading.catch(() => {
      loading = null
    })
    return loading
  }

  /** Applies events to memory at once, so the next request sees them; `durable` answers once they are on disk. */
  const record = (list: ListState, events: ListEvent[]): { durable: Promise<void> } => {
    for (const event of events) applyEvent(list, event, emailKey)
    const durable = log.append(events.map(toLine)).catch((error: unknown) => {
      // What reached the file is unknown now: read it again before the next change.
      loading = null
      throw error
    })
    return { durable }
  }

  return {
    async add(signup) {
      const list = await state()
      const existing = list.byKey.get(signup.emailKey)
      if (existing) {
        // The first signup may still be on its way to disk: answer once it is there.
        await log.append([])
        return { kind: "duplicate", signup: existing }
      }
      const { durable } = record(list, [signupEvent(list, signup)])
      const stored = list.byKey.get(signup.emailKey)
      if (!stored) throw new Error("the signup was recorded but is not in the list")
      // Its place as it joined: later signups do not move it back.
      const place = stored.status === "confirmed" ? placeOfNewest(list) : null
      await durable
      return { kind: "added", signup: stored, place }
    },

    async confirm(tokenHash, now, boost) {
      const list = await state()
      const token = list.confirmTokens.get(tokenHash)
      if (!token) return { kind: "unknown" }
      if (token.used || Date.parse(token.expiresAt) <= now.getTime()) return { kind: "expired" }
      const { durable } = record(list, [{ type: "confirm", emailKey: token.emailKey, tokenHash, at: now.toISOString() }])
      const signup = list.byKey.get(token.emailKey)
      const place = signup && placeOf(list, signup, boost)
      await durable
      return signup && place ? { kind: "confirmed", signup, place } : { kind: "unknown" }
    },

    async addToken(key, token) {
      const list = await state()
      await record(list, [{ type: "token", emailKey: key, ...token }]).durable
    },

    async standingByStatusToken(tokenHash, boost) {
      const list = await state()
      const key = list.statusTokens.get(tokenHash)
      const signup = key === undefined ? undefined : list.byKey.get(key)
      return signup ? standingOf(list, signup, boost) : null
    },

    async claimMail(key, now, minIntervalMs) {
      const list = await state()
      const signup = list.byKey.get(key)
      if (!signup) return false
      if (signup.lastMailAt && now.getTime() - Date.parse(signup.lastMailAt) < minIntervalMs) return false
      await record(list, [{ type: "mail", emailKey: key, at: now.toISOString() }]).durable
      return true
    },

    async exportRows(boost) {
      return exportRowsOf(await state(), boost)
    },

    async ping() {
      await state()
      await fs.access(path.dirname(filePath)).catch(async () => fs.mkdir(path.dirname(filePath), { recursive: true }))
    },

    close: () => log.close(),
  }
}
