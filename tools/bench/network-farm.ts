// The IPv6 /48 farm of `npm run bench:abuse`: 300 signups, each from its own /64 of one /48, as a
// subscriber given a /48 can send, against serve:prod. The server believes X-Forwarded-For from
// the loopback (TRUST_PROXY=loopback), so one machine can speak for many clients. Goal: the /48
// is stopped at its network budget (NETWORK_BUDGET times SIGNUP_RATE_LIMIT per window), give or
// take what refills while the farm runs.
import { NETWORK_BUDGET } from "../../src/server/http/rate-limit"
import { DEFAULT_RATE_LIMIT, DEFAULT_RATE_WINDOW_MS } from "../../src/server/settings/settings"
import { SIGNUP_SOURCE } from "../../src/signup/rules"
import type { ProductionServer } from "../dev/serve"
import type { Reading } from "./reading"

const SIGNUPS = 300

export const ipv6SiteFarm = async (startServer: (env: Record<string, string>) => Promise<ProductionServer>): Promise<Reading[]> => {
  // Default limits, no bot check: the budget alone is measured.
  const server = await startServer({ SIGNUP_RATE_LIMIT: "", TRUST_PROXY: "loopback", ALTCHA_MODE: "off" })
  const statuses = new Map<number, number>()
  const started = performance.now()
  try {
    for (let i = 0; i < SIGNUPS; i++) {
      const response = await fetch(`${server.baseUrl}/api/signup`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `2001:db8:94:${i.toString(16)}::1` },
        body: JSON.stringify({ email: `site-farm-${i}@example.com`, source: SIGNUP_SOURCE, timestamp: new Date().toISOString() }),
      })
      await response.arrayBuffer()
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
    }
  } finally {
    await server.stop()
  }
  const elapsedMs = performance.now() - started
  const budget = NETWORK_BUDGET * DEFAULT_RATE_LIMIT
  const refilled = Math.floor((elapsedMs * budget) / DEFAULT_RATE_WINDOW_MS)
  const taken = statuses.get(201) ?? 0
  return [
    {
      attack: `IPv6 /48 farm: ${SIGNUPS} signups from ${SIGNUPS} /64s of one /48, answered 201 (${[...statuses].map(([status, count]) => `${count}x ${status}`).join(", ")})`,
      figure: String(taken),
      goal: `<= ${budget + refilled} (the /48's budget ${budget}, + ${refilled} refilled in ${(elapsedMs / 1000).toFixed(1)} s)`,
      met: taken <= budget + refilled,
    },
  ]
}
