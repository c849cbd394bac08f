/**
 * The production server's request log: one JSON line per request, on stdout. Lines logged in
 * one turn of the event loop leave in one write, so a busy server makes one system call for many
 * requests instead of one each; a quiet one still writes every line at once.
 */
export interface LineLog {
  /** Queues a line (without its newline); it is written when this turn of the event loop ends. */
  line(text: string): void
  /** Writes what is queued now (before the process exits). */
  flush(): void
}

export const createLineLog = (write: (text: string) => void): LineLog => {
  let pending: string[] = []
  const flush = (): void => {
    if (pending.length === 0) return
    const text = `${pending.join("\n")}\n`
    pending = []
    write(text)
  }
  return {
    line(text) {
      if (pending.push(text) === 1) setImmediate(flush)
    },
    flush,
  }
}
