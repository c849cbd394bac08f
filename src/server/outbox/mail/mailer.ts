/**
 * Sending mail through the SMTP server named by `SMTP_URL` (e.g. smtps://user:pass@smtp.example.com),
 * from `MAIL_FROM`. Without `SMTP_URL` the service sends nothing and signups are confirmed at once.
 */
import type { Transporter } from "nodemailer"
import { GiveUp } from "../outbox"
import { DKIM_SIGNED_HEADERS, type DkimKey } from "./dkim"
import type { OutgoingEmail } from "./emails"

/**
 * The receiving side refused the address for good: a 5xx answer to RCPT TO (RFC 5321 4.2.1),
 * such as "550 5.1.1 no such user". Retrying cannot help; a 4xx answer (mailbox full, greylisted)
 * is temporary and keeps the retry schedule.
 */
export class AddressRefused extends GiveUp {
  constructor(readonly response: string) {
    super(`the receiving server refused the address for good: ${response}`)
    this.name = "AddressRefused"
  }
}

/** nodemailer's error for a refusal: which SMTP command was answered, and how. */
const refusalOf = (error: unknown): AddressRefused | null => {
  const { command, responseCode, response } = error as { command?: string; responseCode?: number; response?: string }
  return command === "RCPT TO" && typeof responseCode === "number" && responseCode >= 500 && responseCode < 600
    ? new AddressRefused(response ?? String(responseCode))
    : null
}

export interface Mailer {
  /** Sends `email`; `messageId` (`<id@domain>`) is the same on every attempt, so a repeat is recognisable. */
  send(email: OutgoingEmail, messageId: string): Promise<void>
  close(): void
}

export interface MailSettings {
  smtpUrl: string
  from: string
  /** Silence allowed once connected (SMTP_TIMEOUT_MS); connecting gets at most 10 s of it. */
  timeoutMs?: number
  /** Sign every message (see dkim.ts); null or absent: the relay signs, or nobody does. */
  dkim?: DkimKey | null
}

/** A server that cannot be reached fails in seconds, and one that stops answering in half a minute: the outbox retries. */
export const SMTP_CONNECT_TIMEOUT_MS = 10_000
export const SMTP_SOCKET_TIMEOUT_MS = 30_000

export const createMailer = ({ smtpUrl, from, timeoutMs = SMTP_SOCKET_TIMEOUT_MS, dkim = null }: MailSettings): Mailer => {
  const connectTimeoutMs = Math.min(SMTP_CONNECT_TIMEOUT_MS, timeoutMs)
  // nodemailer loads with the first message: code that sends none (most Functions' cold starts) never
  // evaluates it. "eager" keeps it in the Function's one file (a host deploys only that file).
  let transport: Promise<Transporter> | null = null
  const transportNow = () =>
    (transport ??= import(/* webpackMode: "eager" */ "nodemailer").then(({ default: nodemailer }) =>
      // A pooled transport keeps a few connections open, so a launch-day burst does not open one per signup.
      nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        connectionTimeout: connectTimeoutMs,
        greetingTimeout: connectTimeoutMs,
        socketTimeout: timeoutMs,
        ...(dkim ? { dkim: { ...dkim, headerFieldNames: DKIM_SIGNED_HEADERS } } : {}),
      } as Parameters<typeof nodemailer.createTransport>[0]),
    ))
  return {
    async send({ to, subject, text, html, headers }, messageId) {
      const sender = await transportNow()
      try {
        await sender.sendMail({ from, to, subject, text, html, headers, messageId })
      } catch (error) {
        throw refusalOf(error) ?? error
      }
    },
    close: () => void transport?.then((sender) => sender.close()),
  }
}
