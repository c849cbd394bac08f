// Loaded into serve:prod by bench:abuse (`NODE_OPTIONS=--import <this file>`): a 10 ms timer on
// the server's own thread, and every gap between its turns longer than 20 ms (the event loop
// held up) appended to LOOP_GAP_FILE as "<when it ended, ms since 1970> <gap in ms>".
import { appendFileSync } from "node:fs"
import { isMainThread } from "node:worker_threads"

const file = process.env.LOOP_GAP_FILE
if (file && isMainThread) {
  let last = performance.now()
  setInterval(() => {
    const now = performance.now()
    if (now - last > 20) appendFileSync(file, `${Date.now()} ${(now - last).toFixed(1)}\n`)
    last = now
  }, 10).unref()
}
