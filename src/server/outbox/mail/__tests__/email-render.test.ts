// Every kind of email as mail clients get it: React Email's table layout, a button Outlook keeps,
// a preheader, the dark brand declared, the theme's colours, all the copy from
// content/emails.json, a plain-text part from the same source, and every value escaped. Checked
// against caniemail.com's support tables (through @jsx-email/doiuse-email) for Gmail, Apple Mail
// and Outlook: what they do not support is only what degrades gracefully, each said why below.
import { doIUseEmail } from "@jsx-email/doiuse-email"
import emails from "../../../../../content/emails.json"
import theme from "../../../../theme"
import { confirmationEmail, dropEmail, invitationEmail, milestoneEmail, statusLinkEmail, type OutgoingEmail } from "../emails"

const facts = { brand: "Block 94", siteUrl: "https://block94.example", generalEmail: "hello@block94.example" }
const LINK = "https://block94.example/confirm/#token=AbC_dEf-123456789012345678901234567890123456"
const UNSUBSCRIBE = { page: "https://block94.example/unsubscribe/#token=U1", oneClick: "https://block94.example/api/unsubscribe?token=U1" }
const MILESTONE = { to: "fan@example.com", referrals: "3", reward: "the Block 94 tee", statusToken: "S".repeat(43), unsubscribeToken: "U".repeat(43) }

const DROP_WORDS = {
  to: "fan@example.com",
  link: LINK,
  unsubscribe: UNSUBSCRIBE.page,
  oneClickUnsubscribe: UNSUBSCRIBE.oneClick,
  drop: "Drop 01",
  size: "Block Heavyweight Hoodie, M",
  deadline: "10 December 2026, 17:00 UTC",
}
const fillDrop = (words: { heading: string; text: string; button: string; ignore: string }) =>
  Object.fromEntries(
    Object.entries(words).map(([key, value]) => [
      key,
      value.replace(/\{(drop|size|deadline)\}/g, (_match, name: "drop" | "size" | "deadline") => DROP_WORDS[name]),
    ]),
  ) as typeof words

const KINDS: Array<[string, (copy: typeof emails) => OutgoingEmail, { heading: string; text: string; button: string; ignore: string }]> = [
  ["drop entry", (copy) => dropEmail("drop-entered", DROP_WORDS, copy, facts), fillDrop(emails.dropEntered)],
  ["drop win", (copy) => dropEmail("drop-won", DROP_WORDS, copy, facts), fillDrop(emails.dropWon)],
  ["drop's not this time", (copy) => dropEmail("drop-not-won", DROP_WORDS, copy, facts), fillDrop(emails.dropNotThisTime)],
  [
    "confirmation",
    (copy) => confirmationEmail("fan@example.com", LINK, UNSUBSCRIBE, copy, facts),
    { ...emails.confirmation, text: emails.confirmation.text.replace("{confirmHours}", "48") },
  ],
  ["status link", (copy) => statusLinkEmail("fan@example.com", LINK, UNSUBSCRIBE, copy, facts), emails.statusLink],
  [
    "invitation",
    (copy) => invitationEmail("fan@example.com", LINK, UNSUBSCRIBE, copy, facts),
    { ...emails.invitation, text: emails.invitation.text.replace("{inviteDays}", "30") },
  ],
  [
    "milestone",
    (copy) => milestoneEmail(MILESTONE, copy, facts),
    {
      ...emails.milestone,
      heading: emails.milestone.heading.replace("{reward}", MILESTONE.reward),
      text: emails.milestone.text.replace(/\{reward\}/g, MILESTONE.reward).replace("{count}", MILESTONE.referrals),
    },
  ],
]

/**
 * What caniemail says some of these clients do not support, and why each is fine: none changes
 * what a reader can read or do.
 */
const GRACEFUL: Record<string, string> = {
  "`<body> element`": "Outlook's apps replace the body; the layout lives in the tables inside it",
  "`role attribute`": "role=presentation only tells screen readers the tables are layout; ignored, nothing changes",
  "`target attribute`": "Gmail opens links in a new tab anyway",
  "`display:none`": "the preheader is also hidden by max-height, opacity and overflow, one of which each client honours",
  "`overflow`": "part of hiding the preheader (see display:none)",
  "`opacity`": "part of hiding the preheader (see display:none)",
  "`border-radius`": "Outlook for Windows draws the button square; it is still a filled, padded block (mso padding)",
  "`text-decoration-line`": "React Email's link reset; text-decoration (supported) sets the underline",
  "`word-break`": "Outlook's Windows Mail may not break a long link in the small print; the button above it works",
}

const unsupported = (html: string): string[] => {
  const result = doIUseEmail(html, { emailClients: ["gmail.*", "apple-mail.*", "outlook.*"] })
  const errors: string[] = "errors" in result ? result.errors : []
  return [...new Set(errors.map((error) => error.replace(/ is not supported by .*$/, "")))]
}

describe.each(KINDS)("the %s email", (_kind, build, copy) => {
  const email = build(emails)

  it("is laid out in tables, with a button Outlook pads, a preheader, and the dark brand declared", () => {
    expect(email.html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional\/\/EN"/)
    expect(email.html).toMatch(/<table align="center" width="100%"[^>]*role="presentation" style="max-width:560px/)
    // The button: an <a> whose padding Outlook keeps through mso conditional spacers.
    expect(email.html).toMatch(/<a href="[^"]+" style="[^"]*mso-padding-alt:0px[^"]*"[^>]*><span><!--\[if mso\]>/)
    // The preheader: the first words an inbox shows after the subject, hidden in the email itself.
    expect(email.html).toMatch(/<div style="display:none;overflow:hidden;line-height:1px;opacity:0;max-height:0;max-width:0" data-skip-in-text="true">/)
    expect(email.html).toContain('<meta name="color-scheme" content="dark"/>')
    for (const name of ["background", "text", "primary", "onPrimary", "subtle"]) expect(email.html).toContain(String(theme.colors?.[name]))
  })

  it("carries all its copy in both parts, the link in words in the text part", () => {
    const escaped = (text: string) => text.replace(/'/g, "&#x27;").replace(/&(?!#x27;)/g, "&amp;")
    for (const words of [copy.heading, copy.text, copy.button, copy.ignore, emails.unsubscribe.text, emails.unsubscribe.link]) {
      expect(email.html).toContain(escaped(words))
      expect(email.text).toContain(words)
    }
    expect(email.text).toMatch(new RegExp(`^${copy.button}: https://block94\\.example/`, "m"))
    expect(email.text).toContain(`${emails.unsubscribe.text} ${emails.unsubscribe.link}: https://block94.example/unsubscribe/#token=`)
    // The preheader and the address under the button are not repeated in the text part.
    expect(email.text.split(copy.text)).toHaveLength(2)
    expect(email.text).not.toMatch(/[\u200b-\u200f\ufeff]/)
  })

  it("uses nothing Gmail, Apple Mail or Outlook lacks, beyond what degrades gracefully", () => {
    const features = unsupported(email.html)
    // The check does see the email: Outlook for Windows squares the button's corners.
    expect(features).toContain("`border-radius`")
    expect(features.filter((feature) => !(feature in GRACEFUL))).toEqual([])
  })

  it("escapes every value it puts into the HTML", () => {
    const hostile = "<img src=x onerror=alert(1)>\"'&"
    const words = { subject: hostile, heading: hostile, text: hostile, button: hostile, ignore: hostile }
    const poisoned = {
      ...emails,
      confirmation: { ...emails.confirmation, ...words },
      statusLink: { ...emails.statusLink, ...words },
      invitation: { ...emails.invitation, ...words },
      milestone: { ...emails.milestone, ...words },
      dropEntered: { ...emails.dropEntered, ...words },
      dropWon: { ...emails.dropWon, ...words },
      dropNotThisTime: { ...emails.dropNotThisTime, ...words },
      footer: hostile,
      unsubscribe: { text: hostile, link: hostile },
    }
    const html = build(poisoned).html
    expect(html).not.toContain("<img")
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;&quot;&#x27;&amp;")
    const sneaky = confirmationEmail("fan@example.com", 'https://block94.example/?t="><b>', { ...UNSUBSCRIBE, page: 'https://x.example/"><i>' }, emails, {
      ...facts,
      brand: "<b>Block</b>",
    }).html
    expect(sneaky).not.toMatch(/"><b>|"><i>|<b>Block/)
  })
})
