import { readFileSync, rmSync } from "node:fs"
import { E2E_STATE_FILE } from "./state"

export default async function globalTeardown(): Promise<void> {
  const { pid } = JSON.parse(readFileSync(E2E_STATE_FILE, "utf8")) as { pid: number }
  try {
    process.kill(-pid, "SIGTERM")
  } catch {
    // already gone
  }
  rmSync(E2E_STATE_FILE, { force: true })
}
