/**
 * The signup service's endpoints as Gatsby Functions (`gatsby develop`, `gatsby serve`, hosts
 * with a Gatsby adapter): Gatsby's request in, our answer out. The rules live in the handlers (see kit.ts).
 */
import { once } from "node:events"
import type { GatsbyFunctionConfig, GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import { MAX_BODY_BYTES, readRequestBody, refuse, type ApiAnswer, type ApiRequest, type HandlerDependencies } from "../http/kit"
import { logError, signupRuntime, type SignupRuntime } from "./runtime"

// Gatsby runs body-parser's raw, text, urlencoded and json parsers before a Function. When one
// fails (malformed JSON: 400, body over its limit: 413) it hands the error to Express, which
// answers with an HTML page and never calls us. So we give every parser a media type that no
// client sends: they leave the body unread, and we read it with our own limit and answer every
// problem with our JSON. (The limit here only bounds a client that does send that type.)
const LEAVE_UNREAD = { type: "application/x-block94-left-unparsed", limit: MAX_BODY_BYTES }

export const functionConfig: GatsbyFunctionConfig = {
  bodyParser: {
    json: LEAVE_UNREAD,
    text: LEAVE_UNREAD,
    raw: LEAVE_UNREAD,
    urlencoded: { ...LEAVE_UNREAD, extended: false },
  },
}

type Endpoint<Deps> = (request: ApiRequest, deps: Deps) => Promise<ApiAnswer>

/**
 * A Gatsby Function for one endpoint; settings are read per request, on the running server.
 * `dependenciesOf` picks what the endpoint needs from the runtime (the owner's endpoints take more).
 */
export function gatsbyFunction<Deps = HandlerDependencies>(
  endpoint: Endpoint<Deps>,
  dependenciesOf: (runtime: SignupRuntime) => Deps = (runtime) => runtime.dependencies as Deps,
): (req: GatsbyFunctionRequest, res: GatsbyFunctionResponse) => Promise<void> {
  return async function answerRequest(req, res) {
    try {
      const runtime = signupRuntime()
      const answer = await endpoint(
        {
          method: req.method,
          headers: req.headers,
          query: new URL(req.url ?? "/", "http://function.local").searchParams,
          clientKey: runtime.clientKey(req.socket?.remoteAddress, req.headers),
          readBody: (maxBytes) => readRequestBody(req, maxBytes),
        },
        dependenciesOf(runtime),
      )
      for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value)
      if (answer.stream) {
        res.status(answer.status)
        // A slow reader is waited for, so no answer piles up in memory.
        for await (const chunk of answer.stream) if (!res.write(chunk)) await once(res, "drain")
        res.end()
        return
      }
      res.status(answer.status).json(answer.body)
    } catch (error) {
      logError("signups: unexpected failure", error)
      if (!res.headersSent) {
        const failed = refuse("server_error")
        res.status(failed.status).json(failed.body)
      }
    }
  }
}
