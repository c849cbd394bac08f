/**
 * Where a drop's seed waits between the commitment and the draw: a file of its own, readable by
 * the owner alone, never in the database the site serves from (whoever reads that database must
 * not learn the draw before it happens). The draw reveals it, and from then on it is public.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"

const seedFile = (dir: string, drop: string): string => join(dir, `${drop}.seed`)

/** Keeps a new seed; refuses to replace one (a drop is committed once). Returns the file's path. */
export const saveSeed = (dir: string, drop: string, seed: string): string => {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const file = seedFile(dir, drop)
  writeFileSync(file, `${seed}\n`, { flag: "wx", mode: 0o600 })
  return file
}

/** The seed kept for a drop, or null when there is none here. */
export const readSeed = (dir: string, drop: string): string | null => {
  try {
    return readFileSync(seedFile(dir, drop), "utf8").trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null
    throw error
  }
}

/** Takes back a seed written for a commitment that did not happen. */
export const discardSeed = (dir: string, drop: string): void => rmSync(seedFile(dir, drop), { force: true })
