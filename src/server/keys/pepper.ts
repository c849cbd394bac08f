/**
 * keys/: the list's pepper and the keyed hashes made with it; the lowest of the server's rooms,
 * importing none of the others.
 *
 * The pepper is the secret that keys every hash standing for a person who left (suppression
 * keys, the erasure log), so that a copy of the database or of its backups cannot be checked
 * against a list of candidate addresses. It is kept apart from them: LIST_PEPPER, or for the
 * embedded database a file made beside it on first use, readable by the server's user only,
 * which no backup copies. Lose it, and the list can no longer tell who left.
 */
import { randomBytes } from "node:crypto"
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import path from "node:path"

/** The pepper file's name, beside the embedded database. */
export const PEPPER_FILE = "list-pepper"

/** The shortest pepper accepted: as long as the owner's secrets. */
export const MIN_PEPPER_LENGTH = 32

/**
 * For PostgreSQL outside production without LIST_PEPPER (development, tests): no secret at all,
 * said at start; production refuses to run with it.
 */
export const DEVELOPMENT_PEPPER = "development pepper, not a secret: set LIST_PEPPER in production"

/** Where the embedded database at `databaseFile` keeps its pepper. */
export const pepperBeside = (databaseFile: string): string => path.join(path.dirname(databaseFile), PEPPER_FILE)

/** The pepper in `file`, made (32 random bytes, mode 0600) when there is none yet; two processes at once agree on one. */
export const loadPepperFile = (file: string): string => {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
    // Written whole under another name, then linked in place: a reader never sees half a pepper,
    // and of two processes making one at once, the second finds the first's.
    const made = `${file}.${process.pid}.new`
    writeFileSync(made, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600 })
    try {
      linkSync(made, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error
    } finally {
      rmSync(made, { force: true })
    }
  }
  const pepper = readFileSync(file, "utf8").trim()
  if (pepper.length < MIN_PEPPER_LENGTH) throw new Error(`${file} holds no pepper (${pepper.length} characters): put back the copy you keep of it`)
  return pepper
}

/**
 * The pepper to key with: `setting` (LIST_PEPPER) when given; else the file beside the embedded
 * database; else (PostgreSQL) the development pepper, which production refuses (see pepperProblem).
 */
export const choosePepper = (setting: string | undefined, embeddedDatabase: string | null): string =>
  setting ?? (embeddedDatabase ? loadPepperFile(pepperBeside(embeddedDatabase)) : DEVELOPMENT_PEPPER)
