/**
 * Sending mail through the SMTP server named by `SMTP_URL` (e.g. smtps://user:pass@smtp.example.com),
 * from `MAIL_FROM`. Without `SMTP_URL` the service sends nothing and signups are confirmed at once.
 */
import nodemailer from "nodemailer"
import type { OutgoingEmail } from "./emails"

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>
  close(): void
}

export interface MailSettings {
  smtpUrl: string
  from: string
}

export const createMailer = ({ smtpUrl, from }: MailSettings): Mailer => {
  // A pooled transport keeps a few connections open, so a launch-day burst does not open one per signup.
  const transport = nodemailer.createTransport(smtpUrl.includes("?") ? `${smtpUrl}&pool=true` : `${smtpUrl}?pool=true`)
  return {
    async send({ to, subject, text, html }) {
      await transport.sendMail({ from, to, subject, text, html })
    },
    close: () => transport.close(),
  }
}
