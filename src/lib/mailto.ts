/** Builds the mailto: URL that opens the visitor's mail client with their message. */
import type { ContactFields } from "./validation"

/**
 * Every part is percent-encoded (RFC 6068), so line breaks, "&", "?", "#", emoji and
 * non-Latin text reach the mail client as typed. Line breaks become CRLF, as mail expects.
 */
const encode = (value: string): string => encodeURIComponent(value.replace(/\r?\n/g, "\r\n"))

export const contactSubject = (name: string): string => `Contact from ${name.trim()}`

export const contactBody = ({ name, email, message }: ContactFields): string => `Name: ${name.trim()}\nEmail: ${email.trim()}\n\nMessage:\n${message.trim()}\n`

export const buildContactMailto = (to: string, fields: ContactFields): string =>
  `mailto:${encodeURIComponent(to).replace(/%40/g, "@")}?subject=${encode(contactSubject(fields.name))}&body=${encode(contactBody(fields))}`
