/**
 * Plain share links: each opens the network's own page with the text filled in. No scripts,
 * widgets or requests to those networks until the visitor follows a link.
 */
export interface ShareContent {
  url: string
  /** The text that goes before the link. */
  message: string
  /** The subject of an email share. */
  subject: string
}

export const shareOnX = ({ url, message }: ShareContent): string => `https://x.com/intent/post?${new URLSearchParams({ text: message, url }).toString()}`

export const shareOnWhatsApp = ({ url, message }: ShareContent): string => `https://wa.me/?${new URLSearchParams({ text: `${message} ${url}` }).toString()}`

export const shareByEmail = ({ url, message, subject }: ShareContent): string =>
  `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(`${message}\r\n${url}`)}`
