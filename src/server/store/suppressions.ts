/**
 * Suppression keys are keyed with the list's pepper (src/server/keys/). A list made before that
 * holds plain SHA-256 keys: on its first use with a pepper they are keyed in place (keying an old
 * key gives the new key of the same address), with the erasure log's older lines, and the store
 * keeps a check of the pepper. A different pepper later (a lost pepper file, a mistyped
 * LIST_PEPPER) then stops the store at once, rather than quietly letting everyone who left back in.
 */
import type { Engine, SqlExecutor } from "./database"
import { keyedSuppression, pepperCheck } from "../keys/suppression-key"

/** The store was given another pepper than the one its suppression keys were made with. */
export class WrongPepperError extends Error {
  constructor() {
    super(
      "this list's suppression keys were made with another pepper: give the server the one it had (LIST_PEPPER, or the list-pepper file beside the embedded database, from the copy you keep apart from the backups); with another, the list cannot tell who left",
    )
    this.name = "WrongPepperError"
  }
}

/**
 * In the store's first transaction: checks the pepper against the one the keys were made with,
 * or, the first time, keys every suppression key there is and calls `rekeyLog` (the erasure
 * log's lines, the same way) before noting the check. On PostgreSQL the table is locked
 * meanwhile, so no erasure adds an unkeyed key or a log line halfway.
 */
export const keySuppressions = async (tx: SqlExecutor, engine: Engine, pepper: string, rekeyLog?: (pepper: string) => void): Promise<void> => {
  const check = pepperCheck(pepper)
  const [stored] = await tx.query<{ value: string }>("select value from store_settings where name = 'pepper'")
  if (stored) {
    if (stored.value !== check) throw new WrongPepperError()
    return
  }
  if (engine === "postgres") await tx.query("lock table signup_suppressions in exclusive mode")
  for (const { key_hash } of await tx.query<{ key_hash: string }>("select key_hash from signup_suppressions")) {
    await tx.query("update signup_suppressions set key_hash = $2 where key_hash = $1", [key_hash, keyedSuppression(pepper, key_hash)])
  }
  rekeyLog?.(pepper)
  await tx.query("insert into store_settings (name, value) values ('pepper', $1)", [check])
}
