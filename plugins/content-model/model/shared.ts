/** What several content files share: the icons, a card, the pages' search texts, the signup section, the token pages' messages. */
import { choice, longTemplate, longText, record, template, text } from "../fields"

/** Icons an editor may name; each has a drawing in src/components/shared/Icon.tsx. */
export const ICON_NAMES = ["tee", "cap", "home", "star", "truck", "check", "badge", "bolt", "leaf"] as const
export type IconName = (typeof ICON_NAMES)[number]

export interface SchemaOptions {
  /** Whether a path relative to `content/` names an existing file. */
  imageExists: (relativePath: string) => boolean
}

const icon = choice(ICON_NAMES, "IconName", {
  missing: `name one of the known icons: ${ICON_NAMES.join(", ")}`,
  unknown: (input) => `"${input}" is not a known icon - use one of: ${ICON_NAMES.join(", ")}`,
  hint: `Icon name: one of ${ICON_NAMES.join(", ")}`,
})

export const card = (noun: string) =>
  record(
    {
      icon,
      title: text(`every ${noun} needs a title`),
      description: longText(`every ${noun} needs a short description`),
    },
    `a ${noun}`,
    { typeName: "Card" },
  )

export const seo = record(
  {
    title: text("the page title shown in browser tabs and search results"),
    description: longText("the page summary shown in search results and link previews"),
  },
  "the page's search and sharing texts",
  { typeName: "PageSeo", label: "Search and sharing" },
)

export const signupCopy = record(
  {
    heading: text("the heading of the signup section"),
    text: longText("the text under the signup heading"),
    socialProof: text('the social-proof line; "{count}" is replaced by the number in site.json'),
  },
  "the signup section's texts",
  { typeName: "SignupCopy" },
)

/** The messages of a page that looks something up by the token in its link. */
export const tokenPageMessages = {
  noToken: text("what the page says when it is opened without the link from the email"),
  notFound: text("what the page says when the link is unknown"),
  failed: text("what the page says when the site cannot be reached"),
  retry: text("the label of the button that tries again"),
  joinLink: text("the label of the link to the signup section"),
}

/** A token page's words for an expired link: `text` says so, then a form mails a fresh status link. One type, read with one fragment (FreshLink). */
export const freshLinkCopy = (what: string, textField: ReturnType<typeof longTemplate>) =>
  record(
    {
      text: textField,
      label: text("the label of the email field"),
      button: text("the button that asks for a fresh link"),
      sending: text("the button's label while the request is sent"),
      sent: template("what the page says once asked (the same whether or not the address is on the list)", { email: "the address typed goes there" }),
      invalid: text("what the page says when the address is not a full email address"),
      failed: text("what the page says when the request did not go through"),
    },
    what,
    { typeName: "FreshLinkCopy" },
  )
