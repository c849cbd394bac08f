// The bot check's proof of work solved in Node, as a script with a CPU to spare would: bench:abuse
// pays the check's price for its "attacker who solves" rows, and measures what the answers show.
import type { Challenge } from "altcha-lib"
import { solveForRequest } from "../../src/server/http/bot-check"

/** Asks the site for a challenge and solves it; undefined when the site has no bot check (404). */
export const solveChallengeFrom = async (baseUrl: string): Promise<string | undefined> => {
  const response = await fetch(`${baseUrl}/api/challenge`)
  if (response.status === 404) {
    await response.body?.cancel()
    return undefined
  }
  if (!response.ok) throw new Error(`GET /api/challenge answered ${response.status}`)
  return solveForRequest((await response.json()) as Challenge)
}
