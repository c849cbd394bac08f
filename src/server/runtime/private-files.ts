/**
 * Every file the list's processes make (the database and its log, snapshots, restored copies,
 * the pepper, exports, seeds) is readable by their user only: serve:prod and every command set
 * this umask first, so a file nobody gave a mode still gets none for others (0600, folders 0700).
 */
export const PRIVATE_UMASK = 0o077

export const keepNewFilesPrivate = (): void => {
  process.umask(PRIVATE_UMASK)
}
