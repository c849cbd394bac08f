/** Stops the PostgreSQL server global-setup.ts started, and waits until it is gone. */
export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env.TEST_POSTGRES_PID)
  if (!pid) return
  try {
    process.kill(pid, "SIGTERM")
  } catch {
    return
  }
  for (let waited = 0; waited < 10_000; waited += 100) {
    try {
      process.kill(pid, 0)
    } catch {
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
