/**
 * `npm run serve`: a look at the production build (after `npm run build`) with `gatsby serve`,
 * taking signups as `npm start` does. A built site runs as production, which refuses signups
 * without mail (double opt-in); so unless SMTP_URL is set, the preview starts the local inbox the
 * tests use (tools/dev/smtp-inbox.ts), points SMTP_URL at it and prints every email it catches, with
 * its links, so a signup can be confirmed from here. Signups go to SIGNUPS_FILE (.data/signups.db).
 *
 * For a look, not for launch: `npm run serve:prod` is the server to deploy (docs/operations.md).
 *
 *   npm run serve [-- --port 9000] [--host localhost]
 */
import { spawn } from "node:child_process"
import { resolve } from "node:path"
import { parseArgs } from "node:util"
import type { ParsedMail } from "mailparser"
import { startInbox, type Inbox } from "./smtp-inbox"

const ROOT = resolve(__dirname, "..", "..")

/** What the preview prints of an email: who it is for, its subject, and the links in its text. */
export function describeMail(message: ParsedMail): string {
  const to = (Array.isArray(message.to) ? message.to : message.to ? [message.to] : []).map((group) => group.text).join(", ")
  const links = [...new Set(message.text?.match(/https?:\/\/[^\s<>)"]+/g) ?? [])]
  return [`preview: mail to ${to}: "${message.subject ?? ""}"`, ...links.map((link) => `  ${link}`)].join("\n")
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { port: { type: "string", default: "9000" }, host: { type: "string", default: "localhost" } } })
  const port = values.port ?? "9000"
  const host = values.host ?? "localhost"
  const env: NodeJS.ProcessEnv = { ...process.env, SITE_URL: process.env.SITE_URL ?? `http://${host}:${port}` }
  let inbox: Inbox | null = null
  if (!process.env.SMTP_URL) {
    inbox = await startInbox(0, {}, (message) => console.log(describeMail(message)))
    env.SMTP_URL = inbox.url
  }
  console.log(`preview: the built site at http://${host}:${port}, with the signup service (gatsby serve)`)
  console.log(
    inbox
      ? `preview: signups are kept in ${process.env.SIGNUPS_FILE ?? ".data/signups.db"}; their emails go to a local inbox at ${inbox.url} and are printed here (set SMTP_URL to send real mail)`
      : `preview: signups' emails go to SMTP_URL`,
  )
  console.log("preview: for a look, not for launch: deploy with npm run serve:prod (docs/operations.md)")
  const child = spawn("npx", ["gatsby", "serve", "--port", port, "--host", host], { cwd: ROOT, env, stdio: "inherit" })
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal))
  child.on("exit", (code, signal) => {
    void inbox?.close().finally(() => process.exit(code ?? (signal ? 0 : 1)))
    if (!inbox) process.exit(code ?? (signal ? 0 : 1))
  })
}

if (require.main === module) void main()
