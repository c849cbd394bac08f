/**
 * The emails the signup service sends, as HTML (React Email's layout, email-layout.ts) and the
 * plain text made from it. Copy comes from content/emails.json, the brand from
 * content/site.json, colours from the theme; every value put into the HTML is escaped.
 *
 * Every email can be left in one click: the List-Unsubscribe and List-Unsubscribe-Post headers
 * (RFC 8058) name the one-click link a mailbox provider POSTs to and a mailto to the team, and the
 * footer carries the unsubscribe page's link in words.
 */
import type { EmailCopy } from "../../../../plugins/content-model/model"
import { CONFIRM_LINK_HOURS, INVITATION_DAYS } from "../../../signup/link-lifetimes"
import { siteLinks } from "../../waitlist/links"
import type { MessageKind, MilestonePayload } from "../../store/store"
import { emailHtml, emailText } from "./email-layout"

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

const fill = (text: string, facts: EmailFacts): string => text.replace(/\{(brand|siteUrl)\}/g, (_match, name: "brand" | "siteUrl") => facts[name])

/** Asking the team by mail, for mail clients that offer only that (and for mail queued before one-click links). */
export const unsubscribeMailto = (facts: EmailFacts): string => `mailto:${facts.generalEmail}?subject=unsubscribe`

/** RFC 8058: one HTTPS link a provider may POST `List-Unsubscribe=One-Click` to, and a mailto. */
export const unsubscribeHeaders = (links: UnsubscribeLinks | null, facts: EmailFacts): Record<string, string> =>
  links
    ? { "List-Unsubscribe": `<${links.oneClick}>, <${unsubscribeMailto(facts)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" }
    : { "List-Unsubscribe": `<${unsubscribeMailto(facts)}>` }

/** One email with its call to action: the HTML from the layout, the text part from the same HTML. */
const render = (to: string, copy: OneEmail, link: string, all: EmailCopy, unsubscribe: UnsubscribeLinks | null, facts: EmailFacts): OutgoingEmail => {
  const subject = fill(copy.subject, facts)
  const html = emailHtml({
    subject,
    preview: copy.text,
    brand: facts.brand,
    heading: copy.heading,
    text: copy.text,
    button: copy.button,
    link,
    ignore: copy.ignore,
    footer: fill(all.footer, facts),
    unsubscribeText: all.unsubscribe.text,
    unsubscribeLabel: all.unsubscribe.link,
    unsubscribeUrl: unsubscribe?.page ?? unsubscribeMailto(facts),
  })
  return { to, subject, text: emailText(html), html, headers: unsubscribeHeaders(unsubscribe, facts) }
}

/** Asks a new signup to confirm: the link opens the site's confirmation page, for as long as the text says. */
export const confirmationEmail = (to: string, confirmUrl: string, unsubscribe: UnsubscribeLinks | null, copy: EmailCopy, facts: EmailFacts): OutgoingEmail => {
  const words = { ...copy.confirmation, text: copy.confirmation.text.replace(/\{confirmHours\}/g, String(CONFIRM_LINK_HOURS)) }
  return render(to, words, confirmUrl, copy, unsubscribe, facts)
}

/** Sends someone already on the list the link to their status page. */
export const statusLinkEmail = (to: string, statusUrl: string, unsubscribe: UnsubscribeLinks | null, copy: EmailCopy, facts: EmailFacts): OutgoingEmail =>
  render(to, copy.statusLink, statusUrl, copy, unsubscribe, facts)

/** Invites someone from the list to the shop: the link opens their invitation on the site, with its single-use code. */
export const invitationEmail = (to: string, inviteUrl: string, unsubscribe: UnsubscribeLinks | null, copy: EmailCopy, facts: EmailFacts): OutgoingEmail => {
  const words = { ...copy.invitation, text: copy.invitation.text.replace(/\{inviteDays\}/g, String(INVITATION_DAYS)) }
  return render(to, words, inviteUrl, copy, unsubscribe, facts)
}

/** The words a drop email fills in: the drop's name, the size, a winner's deadline. */
const fillDrop = (text: string, payload: Record<string, string>): string =>
  text.replace(/\{(drop|size|deadline)\}/g, (match, name: string) => payload[name] ?? match)

const DROP_COPY = { "drop-entered": "dropEntered", "drop-won": "dropWon", "drop-not-won": "dropNotThisTime" } as const

type DropKind = keyof typeof DROP_COPY

/** A drop email: an entry confirmed, a winner's code, or "not this time", with the drop's words filled in. */
export const dropEmail = (kind: DropKind, payload: Record<string, string>, copy: EmailCopy, facts: EmailFacts): OutgoingEmail => {
  const { to, link, unsubscribe: page, oneClickUnsubscribe: oneClick } = payload
  if (!to || !link || !page || !oneClick) throw new Error(`a queued ${kind} message has no address, link or unsubscribe links`)
  const words = copy[DROP_COPY[kind]]
  const filled: OneEmail = {
    subject: fillDrop(words.subject, payload),
    heading: fillDrop(words.heading, payload),
    text: fillDrop(words.text, payload),
    button: fillDrop(words.button, payload),
    ignore: fillDrop(words.ignore, payload),
  }
  return render(to, filled, link, copy, { page, oneClick }, facts)
}

const isDropKind = (kind: MessageKind): kind is DropKind => kind in DROP_COPY

const EMAIL_OF_KIND: Record<Exclude<MessageKind, "milestone" | DropKind>, typeof confirmationEmail> = {
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
  const filled = {
    ...words,
    subject: fillMilestone(words.subject, payload),
    heading: fillMilestone(words.heading, payload),
    text: fillMilestone(words.text, payload),
  }
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
  if (isDropKind(kind)) return dropEmail(kind, payload, copy, facts)
  const { to, link, unsubscribe: page, oneClickUnsubscribe: oneClick } = payload
  if (!to || !link) throw new Error(`a queued ${kind} message has no address or link`)
  const unsubscribe = page && oneClick ? { page, oneClick } : null
  const email = EMAIL_OF_KIND[kind] as typeof confirmationEmail | undefined
  if (!email) throw new Error(`a queued message of kind "${kind}" is not an email`)
  return email(to, link, unsubscribe, copy, facts)
}

/** The Message-ID an outbox message carries on every attempt: `<id@the site's host>`. */
export const messageIdHeader = (messageId: string, siteUrl: string): string => `<${messageId}@${new URL(siteUrl).hostname}>`
