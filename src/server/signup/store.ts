/**
 * The signup store: one JSON object per line in a local file (JSON Lines), append-only.
 * Appends run one at a time (a promise-chain mutex) and are on disk (fsync) before `add` resolves,
 * so an answered signup survives a crash. Emails are deduplicated case-insensitively, also across
 * restarts: the emails already in the file are loaded on first use.
 */
import { promises as fs } from "fs"
import path from "path"
import { normalizeEmail } from "../../signup/rules"
import type { SignupFields } from "../../signup/schema"

/** One stored signup: the checked request (email normalised) and when the server stored it (ISO 8601). */
export interface SignupRecord extends SignupFields {
  receivedAt: string
}

export type AddResult = "added" | "duplicate"

export interface SignupStore {
  readonly filePath: string
  add(entry: SignupRecord): Promise<AddResult>
  /** Every readable entry in file order; damaged lines are skipped. */
  list(): Promise<SignupRecord[]>
}

const isSignupRecord = (value: unknown): value is SignupRecord => {
  if (typeof value !== "object" || value === null) return false
  const record = value as Record<string, unknown>
  return ["email", "source", "timestamp", "receivedAt"].every((field) => typeof record[field] === "string")
}

/** The entries in JSON Lines text; blank, partial or otherwise unreadable lines are skipped. */
export const parseSignupLines = (text: string): SignupRecord[] => {
  const entries: SignupRecord[] = []
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue
    try {
      const value: unknown = JSON.parse(line)
      if (isSignupRecord(value)) entries.push(value)
    } catch {
      // A line cut short by a crash or edited by hand: skip it rather than refuse every signup.
    }
  }
  return entries
}

// Fixed field order keeps the file easy to read and diff.
const toLine = ({ email, source, timestamp, receivedAt }: SignupRecord): string =>
  JSON.stringify({ email, source, timestamp, receivedAt })

const isMissingFile = (error: unknown): boolean =>
  typeof error === "object" && error !== null && (error as NodeJS.ErrnoException).code === "ENOENT"

const readStoreText = async (filePath: string): Promise<string> => {
  try {
    return await fs.readFile(filePath, "utf8")
  } catch (error) {
    if (isMissingFile(error)) return ""
    throw error
  }
}

/** Appends `text` and waits until it is on disk. */
const appendDurably = async (filePath: string, text: string): Promise<void> => {
  await fs.mkdir(path.dirname(filePath), { recursive: true })
  const handle = await fs.open(filePath, "a")
  try {
    const bytes = Buffer.from(text, "utf8")
    // One write call for the whole line; the loop only matters if the OS writes less than asked.
    let written = 0
    while (written < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, written, bytes.length - written)
      written += bytesWritten
    }
    await handle.sync()
  } finally {
    await handle.close()
  }
}

interface LoadedState {
  emails: Set<string>
  /** False when the file ends in a partial line, which the next append must not continue. */
  endsCleanly: boolean
}

/** A store for `filePath` with its own mutex; requests should share one through `sharedSignupStore`. */
export const createSignupStore = (filePath: string): SignupStore => {
  let state: LoadedState | null = null
  let queue: Promise<unknown> = Promise.resolve()

  // Runs `task` once every earlier task has settled, so loads, reads and appends never interleave.
  const oneAtATime = <T>(task: () => Promise<T>): Promise<T> => {
    const result = queue.then(task)
    queue = result.catch(() => undefined)
    return result
  }

  const load = async (): Promise<LoadedState> => {
    if (state) return state
    const text = await readStoreText(filePath)
    state = {
      emails: new Set(parseSignupLines(text).map((entry) => normalizeEmail(entry.email))),
      endsCleanly: text === "" || text.endsWith("\n"),
    }
    return state
  }

  const add = (entry: SignupRecord): Promise<AddResult> =>
    oneAtATime(async () => {
      const loaded = await load()
      const key = normalizeEmail(entry.email)
      if (loaded.emails.has(key)) return "duplicate"
      const line = (loaded.endsCleanly ? "" : "\n") + toLine(entry) + "\n"
      try {
        await appendDurably(filePath, line)
      } catch (error) {
        // We no longer know what reached the file: read it again on the next add.
        state = null
        throw error
      }
      loaded.emails.add(key)
      loaded.endsCleanly = true
      return "added"
    })

  const list = (): Promise<SignupRecord[]> => oneAtATime(async () => parseSignupLines(await readStoreText(filePath)))

  return { filePath, add, list }
}

// Gatsby's develop and serve servers re-require a Function's bundle on every request, which
// resets module state; the stores live on globalThis so every request shares one mutex per file.
const SHARED_STORES_KEY = Symbol.for("block94.signupStores")
type GlobalWithStores = typeof globalThis & { [SHARED_STORES_KEY]?: Map<string, SignupStore> }

const sharedStores = (): Map<string, SignupStore> => {
  const holder = globalThis as GlobalWithStores
  holder[SHARED_STORES_KEY] ??= new Map()
  return holder[SHARED_STORES_KEY]
}

/** The one store for `filePath` in this process. */
export const sharedSignupStore = (filePath: string): SignupStore => {
  const absolutePath = path.resolve(filePath)
  const stores = sharedStores()
  let store = stores.get(absolutePath)
  if (!store) {
    store = createSignupStore(absolutePath)
    stores.set(absolutePath, store)
  }
  return store
}

/** Drops the shared stores, as a process restart would; for tests. */
export const forgetSharedSignupStores = (): void => {
  sharedStores().clear()
}
