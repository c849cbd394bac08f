/**
 * Runs `task` once the browser has nothing more urgent to do (at the latest after
 * `timeoutMs`), in a task of its own. Browsers without requestIdleCallback (Safari) get a
 * short timeout instead. Returns a function that cancels the task.
 */
export const whenIdle = (task: () => void, timeoutMs = 2000): (() => void) => {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs })
    return () => window.cancelIdleCallback(handle)
  }
  const timer = window.setTimeout(task, 1)
  return () => window.clearTimeout(timer)
}
