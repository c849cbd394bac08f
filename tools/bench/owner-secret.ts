// Guessing the owner's secret, in `npm run bench:abuse`, against serve:prod with the default
// limits. The server believes X-Forwarded-For from the loopback (TRUST_PROXY=loopback), so one
// machine speaks as a guesser and as the owner on another network. Goals: once the guesser's
// failure bucket is empty the right secret from the guesser gets 429 too (a guess past the budget
// tells nothing); the owner elsewhere is let in; a signup from the guesser's address still
// works; wrong tries are logged once per client and window, not once each.
import { randomBytes } from "node:crypto"
import { SIGNUP_SOURCE } from "../../src/signup/rules"
import type { ProductionServer } from "../dev/serve"
import type { Reading } from "./reading"

const GUESSES = 200
const GUESSER = "203.0.113.66"
const OWNER = "198.51.100.7"

export const ownerSecretGuessing = async (startServer: (env: Record<string, string>) => Promise<ProductionServer>, ownerToken: string): Promise<Reading[]> => {
  const server = await startServer({ SIGNUP_RATE_LIMIT: "", TRUST_PROXY: "loopback", ALTCHA_MODE: "off" })
  const summary = async (secret: string, client: string) => {
    const response = await fetch(`${server.baseUrl}/api/owner/summary`, { headers: { authorization: `Bearer ${secret}`, "x-forwarded-for": client } })
    await response.arrayBuffer()
    return response.status
  }
  let refused = 0
  let rightFromGuesser: number
  let ownerElsewhere: number
  let signup: number
  try {
    for (let i = 0; i < GUESSES; i++) if ((await summary(`wrong-${randomBytes(24).toString("base64url")}`, GUESSER)) === 429) refused += 1
    rightFromGuesser = await summary(ownerToken, GUESSER)
    ownerElsewhere = await summary(ownerToken, OWNER)
    const joined = await fetch(`${server.baseUrl}/api/signup`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": GUESSER },
      body: JSON.stringify({
        email: `after-guesses-${randomBytes(3).toString("hex")}@example.com`,
        source: SIGNUP_SOURCE,
        timestamp: new Date().toISOString(),
      }),
    })
    await joined.arrayBuffer()
    signup = joined.status
  } finally {
    await server.stop()
  }
  const logLines = server
    .output()
    .split("\n")
    .filter((line) => line.includes("a request without the right secret")).length
  return [
    {
      attack: `the right secret from a client after its ${GUESSES} wrong ones (${refused} of them got 429)`,
      figure: String(rightFromGuesser),
      goal: "429",
      met: rightFromGuesser === 429,
    },
    { attack: "the owner, on another network, during the guessing", figure: String(ownerElsewhere), goal: "200", met: ownerElsewhere === 200 },
    { attack: "a signup from the guesser's address afterwards", figure: String(signup), goal: "2xx", met: signup >= 200 && signup < 300 },
    { attack: `log lines for ${GUESSES} wrong tries from one client in a minute`, figure: String(logLines), goal: "1", met: logLines === 1 },
  ]
}
