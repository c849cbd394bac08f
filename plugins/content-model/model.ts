/**
 * The content model: one schema per file under `content/`.
 * Used to validate content at build start and in `npm run check:content`,
 * and to generate the JSON Schemas in `content/schemas/` for editors' IDEs.
 * Messages are written for editors: they follow "<file>: <field> ".
 */
import { z } from "zod"

/** Icons an editor may name; each has a drawing in src/components/shared/Icon.tsx. */
export const ICON_NAMES = [
  "tee",
  "cap",
  "home",
  "star",
  "truck",
  "check",
  "badge",
  "bolt",
  "leaf",
] as const
export type IconName = (typeof ICON_NAMES)[number]

export const IMAGE_EXTENSIONS = [".jpg", ".jpeg", ".png", ".webp", ".avif"]

export interface SchemaOptions {
  /** Whether a path relative to `content/` names an existing file. */
  imageExists: (relativePath: string) => boolean
}

const describeInput = (input: unknown): string => {
  if (Array.isArray(input)) return "a list"
  if (input === null) return "null"
  switch (typeof input) {
    case "object":
      return "an object"
    case "number":
      return "a number"
    case "boolean":
      return "true/false"
    case "string":
      return "text"
    default:
      return typeof input
  }
}

/**
 * The message for a value that is missing, not text, or only spaces; undefined for real text.
 * Shared by every text-like field, so `94` (a number) is never reported as the text "94".
 */
const textProblem = (input: unknown, what: string): string | undefined => {
  if (input === undefined) return `is missing - ${what}`
  if (typeof input !== "string") return `must be text in "quotes", not ${describeInput(input)} - ${what}`
  if (input.trim() === "") return `is empty - ${what}`
  return undefined
}

const text = (what: string) =>
  z
    .string({ error: (issue) => textProblem(issue.input, what) })
    .trim()
    .min(1, `is empty - ${what}`)
    .describe(what)

const paragraphs = (what: string) =>
  z
    .array(text(what), { error: (issue) => (issue.input === undefined ? `is missing - ${what}` : `must be a list ["...", "..."] - ${what}`) })
    .min(1, `is an empty list - ${what}`)
    .describe(what)

const email = (what: string) =>
  z
    .email({
      error: (issue) =>
        textProblem(issue.input, what) ??
        `"${String(issue.input)}" is not a valid email address - expected something like hello@block94.com`,
    })
    .describe(what)

const webUrl = (what: string) =>
  z
    .url({
      protocol: /^https?$/,
      hostname: z.regexes.domain,
      error: (issue) =>
        textProblem(issue.input, what) ??
        `"${String(issue.input)}" is not a valid web address - expected a full URL starting with https://`,
    })
    .describe(what)

const positiveMs = (what: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? `is missing - ${what}` : `must be a number without quotes - ${what}`) })
    .int(`must be a whole number of milliseconds - ${what}`)
    .min(100, `is too short - ${what} (at least 100 ms)`)
    .max(60000, `is too long - ${what} (at most 60000 ms)`)
    .describe(what)

/** An object that rejects unknown fields, which are most often typos of known ones. */
const record = <Shape extends z.ZodRawShape>(shape: Shape, what: string) =>
  z
    .strictObject(
      shape,
      {
        error: (issue) => {
          if (issue.code === "unrecognized_keys") {
            const keys = issue.keys.map((key) => `"${key}"`).join(", ")
            const allowed = Object.keys(shape).filter((key) => key !== "$schema")
            return `has an unknown field ${keys} - check the spelling or remove it (allowed fields: ${allowed.join(", ")})`
          }
          return issue.input === undefined ? `is missing - ${what}` : `must be an object { ... }, not ${describeInput(issue.input)} - ${what}`
        },
      },
    )
    .describe(what)

const SCHEMA_PATH_HINT = 'the path to this file\'s JSON Schema, like "./schemas/site.schema.json"'

/** A whole content file: a record that may also name its JSON Schema for the editor's IDE. */
const contentFile = <Shape extends z.ZodRawShape>(shape: Shape, what: string) =>
  record(
    {
      $schema: z
        .string({ error: (issue) => textProblem(issue.input, SCHEMA_PATH_HINT) })
        .optional()
        .describe("Path to this file's JSON Schema, for editors' IDEs"),
      ...shape,
    },
    what,
  )

const exactlyThree = <Item extends z.ZodType>(item: Item, noun: string) =>
  z
    .array(item, { error: (issue) => (issue.input === undefined ? `is missing - list the ${noun}` : `must be a list [ ... ] of ${noun}`) })
    .length(3, {
      error: (issue) => `has ${Array.isArray(issue.input) ? issue.input.length : 0} ${noun} - there must be exactly 3 ${noun}`,
    })

const icon = z
  .enum(ICON_NAMES, {
    error: (issue) =>
      textProblem(issue.input, `name one of the known icons: ${ICON_NAMES.join(", ")}`) ??
      `"${String(issue.input)}" is not a known icon - use one of: ${ICON_NAMES.join(", ")}`,
  })
  .describe(`Icon name: one of ${ICON_NAMES.join(", ")}`)

const card = (noun: string) =>
  record(
    {
      icon,
      title: text(`every ${noun} needs a title`),
      description: text(`every ${noun} needs a short description`),
    },
    `a ${noun}`,
  )

const seo = record(
  {
    title: text("the page title shown in browser tabs and search results"),
    description: text("the page summary shown in search results and link previews"),
  },
  "the page's search and sharing texts",
)

/** Text with "{name}" placeholders that must stay in it, or the page loses what they stand for. */
const template = (what: string, placeholders: Record<string, string>) =>
  text(what).superRefine((value, context) => {
    for (const [name, meaning] of Object.entries(placeholders)) {
      if (!value.includes(`{${name}}`)) context.addIssue({ code: "custom", message: `must contain {${name}} - ${meaning}`, input: value })
    }
  })

/** A toast: a bold first line and one line of detail. */
const toast = (when: string) =>
  record(
    { title: text(`the bold first line of the message shown ${when}`), description: text(`the second line of the message shown ${when}`) },
    `the message shown ${when}`,
  )

const ui = contentFile(
  {
    skipLink: text("the first link for keyboard users, which jumps to the page content"),
    navigation: record(
      {
        label: text("the name of the main navigation for screen readers"),
        menuButton: text("the name of the button that opens the menu on phones"),
        home: text("the navigation label of the Home page"),
        about: text("the navigation label of the About page"),
        contact: text("the navigation label of the Contact page"),
        privacy: text("the footer label of the Privacy page"),
      },
      "the navigation labels",
    ),
    joinButton: text('the label of the "Join the Drop" buttons in the header and footer'),
    logoLabel: text('the logo link\'s name for screen readers; "{brand}" is replaced by the shop\'s name'),
    footer: record(
      {
        label: text("the name of the footer navigation for screen readers"),
        quickLinks: text("the heading above the footer links"),
        follow: text("the heading above the social links"),
        socialLink: text('each social link\'s name for screen readers; "{brand}" and "{network}" are filled in'),
        earlyAccess: text('the heading above the footer\'s "Join the Drop" button'),
        copyright: text('the copyright line; "{year}" and "{brand}" are filled in'),
      },
      "the footer's texts",
    ),
    cookieNotice: record(
      {
        label: text("the cookie notice's name for screen readers"),
        heading: text("the cookie notice's heading"),
        text: text("what the cookie notice says"),
        privacyLink: text("the label of the link to the Privacy page"),
        accept: text("the label of the button that remembers the answer"),
        dismiss: text("the label of the button that hides the notice for this page"),
        close: text("the close icon's name for screen readers"),
      },
      "the cookie notice's texts",
    ),
    reassurancesLabel: text("the name of the reassurance points under the Home hero, for screen readers"),
    carousel: record(
      {
        carouselRole: text('what screen readers call the carousel, like "carousel"'),
        slideRole: text('what screen readers call each slide, like "slide"'),
        previous: text("the previous-slide arrow's name for screen readers"),
        next: text("the next-slide arrow's name for screen readers"),
        pause: text("the name of the button that stops the slide show"),
        play: text("the name of the button that starts the slide show again"),
        chooseSlide: text("the name of the row of slide dots for screen readers"),
        slideButton: template("each slide dot's name for screen readers", { number: "the slide's number goes there" }),
        slidePosition: template("each slide's position for screen readers", {
          number: "the slide's number goes there",
          count: "the number of slides goes there",
        }),
      },
      "the carousel's control labels",
    ),
    signupForm: record(
      {
        label: text("the signup form's name for screen readers"),
        emailLabel: text("the label of the email field"),
        emailPlaceholder: text("the example shown in the empty email field"),
        consent: template("the consent checkbox's label", { privacyLink: "the link to the Privacy page goes there" }),
        privacyLink: text("the label of the link to the Privacy page in the consent text"),
        submit: text("the label of the signup button"),
        submitting: text("the label of the signup button while the signup is sent"),
        missing: toast("when the email or the consent is missing"),
        invalidEmail: toast("when the email address is malformed"),
        success: toast('after a signup; "{brand}" is filled in'),
        failure: record(
          {
            title: text("the bold first line of the message shown when a signup fails"),
            description: template("the second line of the message shown when a signup fails", {
              email: "the general email address from site.json goes there",
            }),
          },
          "the message shown when a signup fails",
        ),
      },
      "the signup form's texts",
    ),
    contactForm: record(
      {
        label: text("the contact form's name for screen readers"),
        nameLabel: text("the label of the name field"),
        emailLabel: text("the label of the email field"),
        messageLabel: text("the label of the message field"),
        submit: text("the label of the send button"),
        submitting: text("the label of the send button while the mail client opens"),
        missing: toast("when a field is empty"),
        invalidEmail: toast("when the email address is malformed"),
        success: toast('after the message is handed to the mail client; "{responseTime}" is filled in'),
        failure: toast("when the mail client cannot be opened"),
      },
      "the contact form's texts",
    ),
    errorPage: record(
      { heading: text("the heading shown when a page fails to render"), homeLink: text("the label of the link back to Home") },
      "the texts shown when a page fails to render",
    ),
    waitlist: record(
      {
        position: template("the place in line shown after a confirmed signup", {
          position: "the signup's place goes there",
          total: "the number of people on the list goes there",
        }),
        shareIntro: text("the line that invites people to share their referral link"),
        referralLink: text("the label of the referral link"),
        copy: text("the label of the button that copies the referral link"),
        copied: text("what the page says once the link is copied"),
        share: text("the label of the button that opens the phone's share sheet"),
        shareOnX: text("the label of the link that shares on X"),
        shareOnWhatsApp: text("the label of the link that shares on WhatsApp"),
        shareByEmail: text("the label of the link that shares by email"),
        shareMessage: text('the text shared with the referral link; "{brand}" is filled in'),
        shareSubject: text('the subject of the email share; "{brand}" is filled in'),
        statusLink: text("the label of the link to the signup's own status page"),
        statusHint: template("the line about the signup's own status page", { statusLink: "the link to the status page goes there" }),
        referrals: template("how many friends joined through the link", { count: "the number of friends goes there" }),
        pendingHeading: text("the heading shown when a signup must be confirmed by email"),
        pending: template("the text shown when a signup must be confirmed by email", { email: "the address the visitor typed goes there" }),
      },
      "the place-in-line and sharing texts",
    ),
    privacyUpdated: text('the words before the date on the Privacy page, like "Last updated:"'),
  },
  "the interface texts: labels, buttons and messages",
)

/** One email: subject, heading, text, the button to the link, and what to do if it was not you. */
const emailCopy = (what: string) =>
  record(
    {
      subject: text(`the subject of ${what}; "{brand}" is filled in`),
      heading: text(`the heading of ${what}`),
      text: text(`the text of ${what}`),
      button: text(`the label of the button in ${what}`),
      ignore: text(`the last line of ${what}, for people who did not ask for it`),
    },
    what,
  )

const emails = contentFile(
  {
    confirmation: emailCopy("the email that asks a new signup to confirm their address"),
    statusLink: emailCopy("the email that sends someone already on the list their status link"),
    footer: text('the small print under every email; "{brand}" and "{siteUrl}" are filled in'),
  },
  "the emails the signup service sends",
)

const signupCopy = record(
  {
    heading: text("the heading of the signup section"),
    text: text("the text under the signup heading"),
    socialProof: text('the social-proof line; "{count}" is replaced by the number in site.json'),
  },
  "the signup section's texts",
)

export const createContentSchemas = ({ imageExists }: SchemaOptions) => {
  const image = text("every slide needs an image path like images/slide.jpg")
    .refine((path) => IMAGE_EXTENSIONS.some((extension) => path.toLowerCase().endsWith(extension)), {
      error: (issue) =>
        `"${String(issue.input)}" is not a picture - use a ${IMAGE_EXTENSIONS.slice(0, -1).join(", ")} or ${IMAGE_EXTENSIONS[IMAGE_EXTENSIONS.length - 1]} file`,
    })
    .refine((path) => imageExists(path), {
      error: (issue) =>
        `"${String(issue.input)}" does not exist - put the picture in content/images/ and write its path like "images/my-photo.jpg"`,
    })

  const site = contentFile(
    {
      brand: text("the shop's name"),
      tagline: text("the short slogan shown in the footer"),
      description: text("the default summary for search engines and link previews"),
      siteUrl: webUrl("the address the site is published at"),
      language: z
        .string({ error: (issue) => textProblem(issue.input, 'the language of the site\'s text, like "en"') })
        .regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'must be a language code like "en" or "en-GB"')
        .describe("the language of the site's text"),
      emails: record(
        {
          general: email("the address for general questions"),
          business: email("the address for business inquiries"),
        },
        "the team's email addresses",
      ),
      social: z
        .array(
          record(
            {
              network: z.enum(["Instagram", "Twitter", "TikTok"], {
                error: (issue) =>
                  textProblem(issue.input, "use Instagram, Twitter or TikTok") ??
                  `"${String(issue.input)}" is not a supported network - use Instagram, Twitter or TikTok`,
              }),
              url: webUrl("the profile's address"),
            },
            "a social link",
          ),
          { error: (issue) => (issue.input === undefined ? "is missing - list the social links" : "must be a list [ ... ] of social links") },
        )
        .min(1, "is an empty list - add at least one social link")
        .describe("social media profiles"),
      responseTime: text('how soon the team replies, like "3 business days"'),
      socialProof: text('how many people are on the list, like "5,000+"'),
      carousel: record(
        {
          intervalMs: positiveMs("how long each slide stays, in milliseconds"),
          transitionMs: positiveMs("how long the change between slides takes, in milliseconds"),
        },
        "the carousel's timing",
      ),
    },
    "the site's settings",
  )

  const slides = contentFile(
    {
      slides: exactlyThree(
        record(
          {
            image,
            caption: text("every slide needs a caption"),
            alt: text("every slide needs alt text for screen readers"),
          },
          "a slide",
        ),
        "slides",
      ),
    },
    "the carousel slides",
  )

  const categories = contentFile({ categories: exactlyThree(card("category card"), "category cards") }, "the category cards")
  const values = contentFile({ values: exactlyThree(card("value card"), "value cards") }, "the value cards")
  const reassurances = contentFile(
    { reassurances: exactlyThree(card("reassurance point"), "reassurance points") },
    "the reassurance points",
  )

  const home = contentFile(
    {
      seo,
      hero: record(
        {
          eyebrow: text("the small line above the headline"),
          headline: text("the big headline"),
          subtext: text("the text under the headline"),
          primaryButton: text("the label of the button that scrolls to the signup"),
          secondaryButton: text('the label of the button that scrolls to "Why 94?"'),
        },
        "the hero section",
      ),
      carousel: record(
        {
          heading: text("the heading above the carousel"),
          label: text("the carousel's name for screen readers"),
        },
        "the carousel section",
      ),
      explore: record(
        {
          heading: text("the heading of the category section"),
          intro: text("the text under the category heading"),
          badge: text('the badge on each category card, like "Coming Soon"'),
        },
        "the category section",
      ),
      why: record(
        {
          heading: text('the heading of the "Why 94?" snippet'),
          text: text('the text of the "Why 94?" snippet'),
          linkLabel: text("the label of the link to the About page"),
        },
        'the "Why 94?" snippet',
      ),
      signup: signupCopy,
    },
    "the Home page",
  )

  const about = contentFile(
    {
      seo,
      intro: record({ heading: text("the page heading"), paragraphs: paragraphs("the intro story") }, "the intro"),
      values: record({ heading: text("the heading above the value cards") }, "the values section"),
      story: record(
        {
          heading: text("the story heading"),
          paragraphs: paragraphs("the story"),
          buttonLabel: text("the label of the button that scrolls to the signup"),
        },
        "the story section",
      ),
      signup: signupCopy,
    },
    "the About page",
  )

  const contact = contentFile(
    {
      seo,
      intro: record({ heading: text("the page heading"), text: text("the intro text") }, "the intro"),
      details: record(
        {
          heading: text("the heading of the contact details"),
          generalLabel: text("the label of the general email"),
          businessLabel: text("the label of the business email"),
          responseLabel: text("the label of the response time"),
          responseText: text('the response promise; "{responseTime}" is replaced from site.json'),
        },
        "the contact details",
      ),
      form: record(
        {
          heading: text("the heading of the message form"),
          text: text("the text above the message form"),
          fallbackText: text("the line before the plain email link under the form"),
        },
        "the message form section",
      ),
    },
    "the Contact page",
  )

  const privacy = contentFile(
    {
      seo,
      heading: text("the page heading"),
      updated: z.iso
        .date({
          error: (issue) =>
            textProblem(issue.input, 'when the notice last changed, like "2026-11-22"') ?? 'must be a date like "2026-11-22"',
        })
        .describe("when the notice last changed"),
      intro: text("the opening paragraph"),
      sections: z
        .array(record({ heading: text("every section needs a heading"), paragraphs: paragraphs("the section text") }, "a section"), {
          error: (issue) =>
            issue.input === undefined ? "is missing - list the sections of the notice" : "must be a list [ ... ] of sections",
        })
        .min(1, "is an empty list - the notice needs at least one section"),
    },
    "the Privacy page",
  )

  /** The messages of a page that looks something up by the token in its link. */
  const tokenPageMessages = {
    noToken: text("what the page says when it is opened without the link from the email"),
    notFound: text("what the page says when the link is unknown"),
    failed: text("what the page says when the site cannot be reached"),
    retry: text("the label of the button that tries again"),
    joinLink: text("the label of the link to the signup section"),
  }

  const waitlist = contentFile(
    {
      seo,
      heading: text("the page heading"),
      loading: text("what the page says while it looks up the place"),
      pending: text("what the page says when the address is not confirmed yet"),
      ...tokenPageMessages,
    },
    "the status page",
  )

  const confirm = contentFile(
    {
      seo,
      heading: text("the page heading"),
      confirming: text("what the page says while it confirms"),
      confirmed: text("what the page says once the address is confirmed"),
      expired: text("what the page says when the link has expired or was used"),
      ...tokenPageMessages,
    },
    "the confirmation page",
  )

  const notFound = contentFile(
    {
      seo,
      heading: text("the page heading"),
      text: text("the explanation under the heading"),
      homeButton: text("the label of the button back to Home"),
      contactButton: text("the label of the button to Contact"),
    },
    "the 404 page",
  )

  return { site, ui, emails, slides, categories, values, reassurances, home, about, contact, privacy, waitlist, confirm, notFound }
}

export type ContentSchemas = ReturnType<typeof createContentSchemas>

/** Every content file, relative to `content/`, with its schema and JSON Schema file name. */
export const CONTENT_FILES = [
  { file: "site.json", schema: "site" },
  { file: "ui.json", schema: "ui" },
  { file: "emails.json", schema: "emails" },
  { file: "slides.json", schema: "slides" },
  { file: "categories.json", schema: "categories" },
  { file: "values.json", schema: "values" },
  { file: "reassurances.json", schema: "reassurances" },
  { file: "pages/home.json", schema: "home" },
  { file: "pages/about.json", schema: "about" },
  { file: "pages/contact.json", schema: "contact" },
  { file: "pages/privacy.json", schema: "privacy" },
  { file: "pages/waitlist.json", schema: "waitlist" },
  { file: "pages/confirm.json", schema: "confirm" },
  { file: "pages/not-found.json", schema: "notFound" },
] as const satisfies ReadonlyArray<{ file: string; schema: keyof ContentSchemas }>

export type SiteContent = z.infer<ContentSchemas["site"]>
export type UiCopy = z.infer<ContentSchemas["ui"]>
export type EmailCopy = z.infer<ContentSchemas["emails"]>
