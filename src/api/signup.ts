/**
 * POST /api/signup: the "Join the Drop" endpoint. Gatsby wiring only; the rules live in
 * src/lib/signup-request.ts, the storage in src/lib/signup-store.ts.
 */
import type { GatsbyFunctionConfig, GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { sharedRateLimiter } from "../server/signup/rate-limit"
import { clientAddress, handleSignupRequest, MAX_BODY_BYTES, readRequestBody, SERVER_ERROR_MESSAGE } from "../server/signup/handler"
import { sharedSignupStore } from "../server/signup/store"
import { readSignupSettings } from "../server/signup/settings"

// Gatsby runs body-parser's raw, text, urlencoded and json parsers before a Function. When one
// fails (malformed JSON: 400, body over its limit: 413) it hands the error to Express, which
// answers with an HTML page and never calls us. So we give every parser a media type that no
// client sends: they leave the body unread, and we read it with our own limit and answer every
// problem with our JSON. (The limit here only bounds a client that does send that type.)
const LEAVE_UNREAD = { type: "application/x-block94-left-unparsed", limit: MAX_BODY_BYTES }

const functionSettings: { config: GatsbyFunctionConfig } = {
  config: {
    bodyParser: {
      json: LEAVE_UNREAD,
      text: LEAVE_UNREAD,
      raw: LEAVE_UNREAD,
      urlencoded: { ...LEAVE_UNREAD, extended: false },
    },
  },
}

// Exported by destructuring on purpose: Gatsby's page scanner reads every file in src/ and
// takes a plain `export const config` as a page's rendering config, which makes the build
// bundle server rendering engines this static site does not use (and that fail on sharp).
export const { config } = functionSettings

export default async function handler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  try {
    // Read per request, on the running server (see runtime-settings.ts for why not process.env.X).
    const settings = readSignupSettings()
    const answer = await handleSignupRequest(
      {
        method: req.method,
        headers: req.headers,
        clientKey: clientAddress(req.headers, req.socket?.remoteAddress),
        readBody: (maxBytes) => readRequestBody(req, maxBytes),
      },
      {
        store: sharedSignupStore(settings.signupsFile),
        rateLimiter: sharedRateLimiter(settings.rateLimit, settings.rateWindowMs),
        now: () => new Date(),
      },
    )
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value)
    res.status(answer.status).json(answer.body)
  } catch (error) {
    console.error("signup: unexpected failure", error)
    if (!res.headersSent) res.status(500).json({ error: SERVER_ERROR_MESSAGE })
  }
}
