/**
 * A real SMTP server on 127.0.0.1 for tests and the bench (smtp-server), keeping every message
 * it receives, parsed (mailparser): what a mailbox would show.
 */
import { simpleParser, type ParsedMail } from "mailparser"
import type { AddressInfo } from "node:net"
import { SMTPServer } from "smtp-server"

export interface Inbox {
  /** `smtp://127.0.0.1:<port>`, for `SMTP_URL`. */
  url: string
  messages: ParsedMail[]
  /** Each message as it arrived, byte for byte (for checking signatures), in the order of `messages`. */
  sources: Buffer[]
  /** Every RCPT TO the inbox refused (see Refusals), in order. */
  refused: string[]
  /** Resolves with the first message to `address` (now or once it arrives). */
  waitFor(address: string, timeoutMs?: number): Promise<ParsedMail>
  close(): Promise<void>
}

const isTo = (message: ParsedMail, address: string): boolean => {
  const to = Array.isArray(message.to) ? message.to : message.to ? [message.to] : []
  return to.some((group) => group.value.some((entry) => entry.address?.toLowerCase() === address.toLowerCase()))
}

/**
 * Addresses the inbox refuses at RCPT TO, with the answer it gives: "550 5.1.1 No such user"
 * (a refusal for good) or "450 4.2.1 Mailbox busy" (try later), as a receiving server would.
 */
export type Refusals = Record<string, string>

/**
 * Starts the inbox on `port` (0: any free port; a fixed one lets a test stop and start it again).
 * `onMessage` is told of each message as it arrives (the preview prints them).
 */
export const startInbox = async (port = 0, refusals: Refusals = {}, onMessage?: (message: ParsedMail) => void): Promise<Inbox> => {
  const messages: ParsedMail[] = []
  const refused: string[] = []
  const sources: Buffer[] = []
  const waiting: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const answer = refusals[address.address.toLowerCase()]
      if (!answer) return callback()
      refused.push(address.address)
      const [, code, text] = /^(\d{3}) (.*)$/.exec(answer) ?? ["", "550", answer]
      callback(Object.assign(new Error(text), { responseCode: Number(code) }))
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      new Promise<Buffer>((whole, fail) => {
        stream.once("end", () => whole(Buffer.concat(chunks)))
        stream.once("error", fail)
      })
        .then(async (source) => {
          const message = await simpleParser(source)
          sources.push(source)
          messages.push(message)
          onMessage?.(message)
          waiting.splice(0).forEach((wake) => wake())
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject)
    server.listen(port, "127.0.0.1", resolve)
  })
  const { port: listening } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${listening}`,
    messages,
    sources,
    refused,
    waitFor(address, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no email to ${address} within ${timeoutMs} ms`)), timeoutMs)
        const check = () => {
          const found = messages.find((message) => isTo(message, address))
          if (found) {
            clearTimeout(timer)
            resolve(found)
          } else waiting.push(check)
        }
        check()
      })
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
