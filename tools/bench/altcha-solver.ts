// The bot gate's proof of work solved in Node, as a script with a CPU to spare would: bench:abuse
// pays the gate's price for its "attacker who solves" rows, and measures what the answers show.

/** Asks the site for a challenge and solves it; undefined when the site has no gate (404). */
export const solveChallengeFrom = async (baseUrl: string): Promise<string | undefined> => {
  const response = await fetch(`${baseUrl}/api/challenge`)
  if (response.status === 404) return undefined
  throw new Error(`solving is not wired yet (${response.status})`)
}
