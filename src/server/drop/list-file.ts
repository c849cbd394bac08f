/**
 * The frozen entry list as a file: written once, gzip-compressed, in the freeze's transaction
 * (the store keeps it, so every instance serves the same bytes), then copied once per process
 * into a folder of its own and served from there to every reader (about 28 MB of text at a
 * million entries, a fraction of that compressed): no reader makes or holds a copy of it.
 */
import { createHash, randomBytes } from "node:crypto"
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { promisify } from "node:util"
import { gunzip, gzip } from "node:zlib"
import { entryListText, type DrawEntry } from "../../drop/entry-list"
import type { PublishedList } from "../store/store"

const gzipAsync = promisify(gzip)
const gunzipAsync = promisify(gunzip)

/** The published list of frozen entries: its hash (SHA-256 of the text) and its text compressed, off the event loop. */
export const publishList = async (entries: readonly DrawEntry[]): Promise<PublishedList> => {
  const text = entryListText(entries)
  return { listHash: createHash("sha256").update(text, "utf8").digest("hex"), gzip: new Uint8Array(await gzipAsync(text, { level: 9 })) }
}

/** A frozen list's file on disk, ready to serve: gzip bytes whose text hashes to `listHash`. */
export interface ListFile {
  path: string
  listHash: string
}

/**
 * Copies each drop's list file from the store into `dir` once (named by its hash, so a file is
 * never rewritten), after checking that it is the list the hash covers.
 */
export const listFileCache = (dir: string) => {
  const made = new Map<string, Promise<ListFile | null>>()
  const write = async (drop: string, listHash: string, load: () => Promise<Uint8Array | null>): Promise<ListFile | null> => {
    const path = join(dir, `${drop}-${listHash}.txt.gz`)
    if (existsSync(path)) return { path, listHash }
    const bytes = await load()
    if (!bytes) return null
    const text = await gunzipAsync(bytes)
    if (createHash("sha256").update(text).digest("hex") !== listHash) throw new Error(`the stored entry list of ${drop} does not match its hash`)
    mkdirSync(dir, { recursive: true })
    // Written beside, then renamed: a reader never sees half a file.
    const partial = `${path}.${randomBytes(6).toString("hex")}.part`
    writeFileSync(partial, bytes, { mode: 0o644 })
    renameSync(partial, path)
    return { path, listHash }
  }
  return (drop: string, listHash: string, load: () => Promise<Uint8Array | null>): Promise<ListFile | null> => {
    const key = `${drop}:${listHash}`
    let file = made.get(key)
    if (!file) {
      file = write(drop, listHash, load)
      file.then(
        (found) => (found ? undefined : made.delete(key)),
        () => made.delete(key),
      )
      made.set(key, file)
    }
    return file
  }
}
