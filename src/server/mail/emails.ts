/**
 * The emails the signup service sends, as plain text and HTML. Copy comes from
 * content/emails.json, the brand from content/site.json, colours from the theme; every value
 * put into the HTML is escaped.
 *
 * Every email can be left in one click: the List-Unsubscribe and List-Unsubscribe-Post headers
 * (RFC 8058) name the one-click link a mailbox provider POSTs to and a mailto to the team, and the
 * footer carries the unsubscribe page's link in words.
 */
import type { EmailCopy } from "../../../plugins/content-model/model"
import { siteLinks } from "../signup/links"
import type { MessageKind, MilestonePayload } from "../signup/stores/store"
import theme from "../../theme"

export interface OutgoingEmail {
  to: string
  subject: string
  text: string
  html: string
  /** Headers beyond the usual ones: List-Unsubscribe and List-Unsubscribe-Post. */
  headers: Record<string, string>
}

export interface EmailFacts {
  brand: string
  siteUrl: string
  /** The team's general address (content/site.json): the List-Unsubscribe mailto. */
  generalEmail: string
}

/** Where an email's reader leaves the list: the page with its button (GET), and the one-click link (POST). */
export interface UnsubscribeLinks {
  page: string
  oneClick: string
}

type OneEmail = EmailCopy["confirmation"]

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char] ?? char)

const fill = (text: string, facts: EmailFacts): string => text.replace(/\{(brand|siteUrl)\}/g, (_match, name: "brand" | "siteUrl") => facts[name])

const color = (name: string): string => String(theme.colors?.[name] ?? "")

/** Asking the team by mail, for mail clients that offer only that (and for mail queued before one-click links). */
export const unsubscribeMailto = (facts: EmailFacts): string => `mailto:${facts.generalEmail}?subject=unsubscribe`

/** RFC 8058: one HTTPS link a provider may POST `List-Unsubscribe=One-Click` to, and a mailto. */
export const unsubscribeHeaders = (links: UnsubscribeLinks | null, facts: EmailFacts): Record<string, string> =>
  links
    ? { "List-Unsubscribe": `<${links.oneClick}>, <${unsubscribeMailto(facts)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
    : { "List-Unsubscribe": `<${unsubscribeMailto(facts)}>` }

/** One email with its call to action: the same words in the text and the HTML part. */
const render = (to: string, copy: OneEmail, link: string, all: EmailCopy, unsubscribe: UnsubscribeLinks | null, facts: EmailFacts): OutgoingEmail => {
  const subject = fill(copy.subject, facts)
  const footerText = fill(all.footer, facts)
  const leaveUrl = unsubscribe?.page ?? unsubscribeMailto(facts)
  const text = [copy.heading, "", copy.text, "", `${copy.button}: ${link}`, "", copy.ignore, "", "--", footerText, `${all.unsubscribe.text} ${all.unsubscribe.link}: ${leaveUrl}`, ""].join("\n")
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:${color("background")};color:${color("text")};font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px;line-height:1.6">
<div style="max-width:560px;margin:0 auto">
<p style="margin:0 0 24px;font-weight:700;letter-spacing:0.04em;text-transform:uppercase">${escapeHtml(facts.brand)}</p>
<h1 style="margin:0 0 16px;font-size:28px;line-height:1.1;text-transform:uppercase">${escapeHtml(copy.heading)}</h1>
<p style="margin:0 0 24px">${escapeHtml(copy.text)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:14px 24px;border-radius:999px;background:${color("primary")};color:${color("onPrimary")};font-weight:700;text-decoration:none;text-transform:uppercase">${escapeHtml(copy.button)}</a></p>
<p style="margin:0 0 24px;font-size:14px;color:${color("subtle")}">${escapeHtml(link)}</p>
<p style="margin:0 0 24px;font-size:14px;color:${color("subtle")}">${escapeHtml(copy.ignore)}</p>
<p style="margin:0 0 8px;font-size:12px;color:${color("subtle")}">${escapeHtml(footerText)}</p>
<p style="margin:0;font-size:12px;color:${color("subtle")}">${escapeHtml(all.unsubscribe.text)} <a href="${escapeHtml(leaveUrl)}" style="color:${color("text")};text-decoration:underline">${escapeHtml(all.unsubscribe.link)}</a></p>
</div>
</body></html>
`
  return { to, subject, text, html, headers: unsubscribeHeaders(unsubscribe, facts) }
}

/** Asks a new signup to confirm: the link opens the site's confirmation page. */
export const confirmationEmail = (to: string, confirmUrl: string, unsubscribe: UnsubscribeLinks | null, copy: EmailCopy, facts: EmailFacts): OutgoingEmail =>
  render(to, copy.confirmation, confirmUrl, copy, unsubscribe, facts)

/** Sends someone already on the list the link to their status page. */
export const statusLinkEmail = (to: string, statusUrl: string, unsubscribe: UnsubscribeLinks | null, copy: EmailCopy, facts: EmailFacts): OutgoingEmail =>
  render(to, copy.statusLink, statusUrl, copy, unsubscribe, facts)

/** Invites someone from the list to the shop: the link opens their invitation on the site, with its single-use code. */
export const invitationEmail = (to: string, inviteUrl: string, unsubscribe: UnsubscribeLinks | null, copy: EmailCopy, facts: EmailFacts): OutgoingEmail =>
  render(to, copy.invitation, inviteUrl, copy, unsubscribe, facts)

const EMAIL_OF_KIND: Record<Exclude<MessageKind, "milestone">, typeof confirmationEmail> = {
  confirmation: confirmationEmail,
  "status-link": statusLinkEmail,
  invitation: invitationEmail,
}

/** The words a milestone email fills in: the reward reached and the friends that reached it. */
const fillMilestone = (text: string, payload: MilestonePayload): string =>
  text.replace(/\{(reward|count)\}/g, (_match, name: "reward" | "count") => (name === "reward" ? payload.reward : payload.referrals))

/**
 * Tells a referrer their friends reached a reward tier. The store wrote the secrets (a new status
 * token, the unsubscribe token); the links are built here from the site's address.
 */
export const milestoneEmail = (payload: MilestonePayload, copy: EmailCopy, facts: EmailFacts): OutgoingEmail => {
  const links = siteLinks(facts.siteUrl)
  const words = copy.milestone
  const filled = { ...words, subject: fillMilestone(words.subject, payload), heading: fillMilestone(words.heading, payload), text: fillMilestone(words.text, payload) }
  const unsubscribe = { page: links.unsubscribePage(payload.unsubscribeToken), oneClick: links.oneClickUnsubscribe(payload.unsubscribeToken) }
  return render(payload.to, filled, links.status(payload.statusToken), copy, unsubscribe, facts)
}

const isMilestonePayload = (payload: Record<string, string>): payload is MilestonePayload =>
  ["to", "referrals", "reward", "statusToken", "unsubscribeToken"].every((key) => typeof payload[key] === "string" && payload[key] !== "")

/**
 * The email an outbox message stands for, built when it is sent (so copy edits apply to mail still
 * waiting). A message queued before unsubscribe links existed leaves by the mailto alone.
 */
export const emailForMessage = (kind: MessageKind, payload: Record<string, string>, copy: EmailCopy, facts: EmailFacts): OutgoingEmail => {
  if (kind === "milestone") {
    if (!isMilestonePayload(payload)) throw new Error("a queued milestone message has no address, tier or tokens")
    return milestoneEmail(payload, copy, facts)
  }
  const { to, link, unsubscribe: page, oneClickUnsubscribe: oneClick } = payload
  if (!to || !link) throw new Error(`a queued ${kind} message has no address or link`)
  const unsubscribe = page && oneClick ? { page, oneClick } : null
  const email = EMAIL_OF_KIND[kind] as typeof confirmationEmail | undefined
  if (!email) throw new Error(`a queued message of kind "${kind}" is not an email`)
  return email(to, link, unsubscribe, copy, facts)
}

/** The Message-ID an outbox message carries on every attempt: `<id@the site's host>`. */
export const messageIdHeader = (messageId: string, siteUrl: string): string => `<${messageId}@${new URL(siteUrl).hostname}>`
