/**
 * Where a drop's seed waits between the commitment and the draw: a file of its own, readable by
 * the owner alone, never in the database the site serves from (whoever reads that database must
 * not learn the draw before it happens). The draw reveals it, and from then on it is public.
 */
import { randomBytes } from "node:crypto"
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"

const seedFile = (dir: string, drop: string): string => join(dir, `${drop}.seed`)

/** A seed written beside the drop's file: `keep` puts it in its place once its commitment is recorded, `discard` takes it back. */
export interface StagedSeed {
  /** Where the seed is kept once `keep` ran. */
  file: string
  keep(): void
  discard(): void
}

/**
 * Writes a new seed under a name of its own, so a commitment that does not happen (another one
 * won, or entries exist) never touches the seed a drop has.
 */
export const stageSeed = (dir: string, drop: string, seed: string): StagedSeed => {
  mkdirSync(dir, { recursive: true, mode: 0o700 })
  const staged = join(dir, `${drop}.seed.${randomBytes(6).toString("hex")}.new`)
  writeFileSync(staged, `${seed}\n`, { flag: "wx", mode: 0o600 })
  return {
    file: seedFile(dir, drop),
    keep: () => renameSync(staged, seedFile(dir, drop)),
    discard: () => rmSync(staged, { force: true }),
  }
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
