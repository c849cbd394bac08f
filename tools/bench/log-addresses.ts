// bench:abuse's log check: what serve:prod writes to its logs (the request log on stdout, the
// rest on stderr) when a receiving server refuses an address for good, naming it in its reply
// (550 5.1.1 <address>: Recipient address rejected), and when the owner's email tool answers an
// error whose body holds the address. Lines holding either address are counted.
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { startInbox } from "../dev/smtp-inbox"
import { postJson, signupBody, type StartServer } from "./abuse-kit"
import { solveChallengeFrom } from "./altcha-solver"
import type { Reading } from "./reading"

/** An email tool that refuses every call, quoting the address it was sent back in its error. */
const refusingProvider = async (): Promise<{ url: string; calls: () => number; close: () => Promise<void> }> => {
  let calls = 0
  const server: Server = createServer((request, response) => {
    let body = ""
    request.on("data", (chunk: Buffer) => (body += chunk.toString()))
    request.on("end", () => {
      calls += 1
      const email = /"email":"([^"]+)"/.exec(body)?.[1] ?? "someone"
      response.writeHead(400, { "content-type": "application/json" })
      response.end(JSON.stringify({ success: false, message: `Contact ${email} is on a suppression list and cannot be changed` }))
    })
  })
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    close: () => new Promise((closed) => server.close(() => closed())),
  }
}

export const logAddresses = async (startServer: StartServer): Promise<Reading[]> => {
  const run = Date.now().toString(36)
  const bouncing = `gone-${run}@example.com`
  const kept = `kept-${run}@example.com`
  const inbox = await startInbox(0, { [bouncing]: `550 5.1.1 <${bouncing}>: Recipient address rejected: User unknown` })
  const provider = await refusingProvider()
  const server = await startServer(
    { SMTP_URL: inbox.url, EMAIL_PROVIDER: "loops", EMAIL_PROVIDER_API_KEY: "bench-key", EMAIL_PROVIDER_API_URL: provider.url },
    { requestLog: "pipe" },
  )
  let stdout = ""
  server.process.stdout?.on("data", (chunk: Buffer) => (stdout += chunk.toString()))
  try {
    const { baseUrl } = server
    await postJson(baseUrl, "/api/signup", signupBody(bouncing, { altcha: await solveChallengeFrom(baseUrl) }))
    await postJson(baseUrl, "/api/signup", signupBody(kept, { altcha: await solveChallengeFrom(baseUrl) }))
    const token = /\/confirm\/[#?]token=([A-Za-z0-9_-]+)/.exec((await inbox.waitFor(kept, 20_000)).text ?? "")?.[1]
    await postJson(baseUrl, "/api/confirm", { token })
    // The bounce's removal and the confirmed person's addition both reach the email tool, and fail.
    for (const deadline = Date.now() + 20_000; provider.calls() < 2 && Date.now() < deadline;) await new Promise((wait) => setTimeout(wait, 100))
    await new Promise((wait) => setTimeout(wait, 500))
  } finally {
    await server.stop()
    await provider.close()
    await inbox.close()
  }
  const lines = `${stdout}\n${server.output()}`.split("\n")
  const holding = lines.filter((line) => line.includes(bouncing) || line.includes(kept))
  const failures = lines.filter((line) => line.includes("outbox:") && line.includes("failed")).length
  return [
    {
      attack: `log lines holding an address after a bounce and a provider error (${failures} failures logged, ${provider.calls()} calls refused)`,
      figure: String(holding.length),
      goal: "0",
      met: holding.length === 0 && failures >= 2,
    },
  ]
}
