/**
 * The content model: one schema per file under `content/`, the only declaration of what the
 * site's content looks like. Validation (build start, `npm run check:content`), the GraphQL
 * types, the JSON Schemas for editors' IDEs and the editors' web UI are all generated from it.
 * Messages are written for editors: they follow "<file>: <field> <what is wrong> - <what to do>".
 *
 * Adding a field: declare it here, query it on the page, use it in the component.
 * Adding a file: declare it below and add one entry to CONTENT_FILES.
 */
import { z } from "zod"
import { LEADERBOARD_MIN_REFERRALS, LEADERBOARD_SIZE } from "../../src/signup/rewards"
import {
  atLeastOne,
  calendarDate,
  choice,
  contentFile,
  email,
  exactlyThree,
  formatted,
  image,
  instant,
  labelled,
  listOf,
  longText,
  longTemplate,
  paragraphs,
  positiveMs,
  record,
  slug,
  template,
  text,
  webUrl,
  wholeNumber,
  yesNo,
} from "./fields"
import { beaconChain, commitmentsHold, dropCommitment } from "./drop-beacon"

/** Icons an editor may name; each has a drawing in src/components/shared/Icon.tsx. */
export const ICON_NAMES = ["tee", "cap", "home", "star", "truck", "check", "badge", "bolt", "leaf"] as const
export type IconName = (typeof ICON_NAMES)[number]

export const SOCIAL_NETWORKS = ["Instagram", "Twitter", "TikTok"] as const

export interface SchemaOptions {
  /** Whether a path relative to `content/` names an existing file. */
  imageExists: (relativePath: string) => boolean
}

const icon = choice(ICON_NAMES, "IconName", {
  missing: `name one of the known icons: ${ICON_NAMES.join(", ")}`,
  unknown: (input) => `"${input}" is not a known icon - use one of: ${ICON_NAMES.join(", ")}`,
  hint: `Icon name: one of ${ICON_NAMES.join(", ")}`,
})

const card = (noun: string) =>
  record(
    {
      icon,
      title: text(`every ${noun} needs a title`),
      description: longText(`every ${noun} needs a short description`),
    },
    `a ${noun}`,
    { typeName: "Card" },
  )

const seo = record(
  {
    title: text("the page title shown in browser tabs and search results"),
    description: longText("the page summary shown in search results and link previews"),
  },
  "the page's search and sharing texts",
  { typeName: "PageSeo", label: "Search and sharing" },
)

/** A toast: a bold first line and one line of detail. */
const toast = (when: string) =>
  record(
    { title: text(`the bold first line of the message shown ${when}`), description: text(`the second line of the message shown ${when}`) },
    `the message shown ${when}`,
    { typeName: "Notice" },
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
    logoLabel: text("the logo link's name for screen readers; \"{brand}\" is replaced by the shop's name"),
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
        text: longText("what the cookie notice says"),
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
        consent: template("the consent checkbox's label, which states the minimum age", {
          privacyLink: "the link to the Privacy page goes there",
          minimumAge: "the minimum age of drops.json goes there",
        }),
        privacyLink: text("the label of the link to the Privacy page in the consent text"),
        submit: text("the label of the signup button"),
        submitting: text("the label of the signup button while the signup is sent"),
        missing: toast("when the email or the consent is missing"),
        invalidEmail: toast("when the email address is malformed"),
        fieldErrors: record(
          {
            emailMissing: text("the line under the email field when it is empty"),
            emailMalformed: text("the line under the email field when the address is malformed"),
            consentMissing: template("the line under the consent box when it is not ticked", {
              minimumAge: "the minimum age of drops.json goes there",
            }),
          },
          "the lines under the signup form's fields that need fixing (the toast says it too)",
        ),
        success: toast('after a signup; "{brand}" is filled in'),
        failure: record(
          {
            title: text("the bold first line of the message shown when a signup fails"),
            description: template("the second line of the message shown when a signup fails", {
              email: "the general email address from site.json goes there",
            }),
          },
          "the message shown when a signup fails",
          { typeName: "Notice" },
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
        fieldErrors: record(
          {
            nameMissing: text("the line under the name field when it is empty"),
            emailMissing: text("the line under the email field when it is empty"),
            emailMalformed: text("the line under the email field when the address is malformed"),
            messageMissing: text("the line under the message field when it is empty"),
          },
          "the lines under the contact form's fields that need fixing (the toast says it too)",
        ),
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
        position: template("the place in line shown after a confirmed signup, once the list is big enough to show its size", {
          position: "the signup's place goes there",
          total: "the number of people on the list goes there",
        }),
        positionAlone: template("the place in line while the list is smaller than the number it starts showing its size from", {
          position: "the signup's place goes there",
        }),
        shareIntro: longText("the line that invites people to share their referral link"),
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
        pending: template("the text shown when a signup must be confirmed by email", {
          email: "the address the visitor typed goes there",
          confirmHours: "the hours the confirmation link works go there (the server's rule)",
        }),
        resendQuestion: text("the question above the button that sends the confirmation email again"),
        resend: text("the label of the button that sends the confirmation email again"),
        resending: text("the label of that button while the request is on its way"),
        resent: template("what the page says once the email was asked for again", { email: "the address the visitor typed goes there" }),
        resendFailed: text("what the page says when the email could not be asked for again"),
      },
      "the place-in-line and sharing texts",
    ),
    privacyUpdated: text('the words before the date on the Privacy page, like "Last updated:"'),
  },
  "the interface texts: labels, buttons and messages",
)

/**
 * One email: subject, heading, text, the button to the link, and what to do if it was not you;
 * the text must keep the placeholders the service fills in.
 */
/** A token page's words for an expired link: `text` says so, then a form mails a fresh status link. */
const freshLinkCopy = (what: string, textField: ReturnType<typeof longTemplate>) =>
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
  )

const emailCopy = (what: string, placeholders: Record<string, string> = {}) =>
  record(
    {
      subject: text(`the subject of ${what}; "{brand}" is filled in`),
      heading: text(`the heading of ${what}`),
      text: Object.keys(placeholders).length > 0 ? longTemplate(`the text of ${what}`, placeholders) : longText(`the text of ${what}`),
      button: text(`the label of the button in ${what}`),
      ignore: text(`the last line of ${what}, for people who did not ask for it`),
    },
    what,
    { typeName: "Email" },
  )

/**
 * One email about a drop, shaped like the others: the text must keep the placeholders the
 * service fills in; the subject and heading may use them too.
 */
const dropEmail = (what: string, placeholders: Record<string, string>) => {
  const names = Object.keys(placeholders)
    .map((name) => `{${name}}`)
    .join(", ")
  return record(
    {
      subject: text(`the subject of ${what}; "{brand}" and ${names} are filled in`),
      heading: text(`the heading of ${what}; ${names} may be used`),
      text: template(`the text of ${what}`, placeholders),
      button: text(`the label of the button in ${what}`),
      ignore: text(`the last line of ${what}, for people who did not ask for it`),
    },
    what,
    { typeName: "Email" },
  )
}

const emails = contentFile(
  {
    confirmation: emailCopy("the email that asks a new signup to confirm their address", {
      confirmHours: "the hours the confirmation link works go there (the server's rule)",
    }),
    statusLink: emailCopy("the email that sends someone already on the list their status link"),
    invitation: emailCopy("the email that invites someone from the list to the shop, with their single-use invitation link", {
      inviteDays: "the days the invitation works go there (the server's rule)",
    }),
    milestone: record(
      {
        subject: template('the subject of the email sent when friends unlock a reward; "{brand}" is filled in', { reward: "the reward's name goes there" }),
        heading: text('the heading of the reward email; "{reward}" may name the reward'),
        text: template("the text of the reward email", { count: "the number of friends goes there", reward: "the reward's name goes there" }),
        button: text("the label of the reward email's button, which opens the status page"),
        ignore: text("the last line of the reward email"),
      },
      "the email sent when friends who joined through someone's link unlock a reward (content/rewards.json)",
      { typeName: "Email" },
    ),
    dropEntered: dropEmail("the email that confirms someone entered a drop's draw", {
      drop: "the drop's name goes there",
      size: "the piece and size they entered for goes there",
    }),
    dropWon: dropEmail("the email that tells a winner of a drop's draw, with their single-use code", {
      drop: "the drop's name goes there",
      size: "the piece and size they won goes there",
      deadline: "the last day and time to use the code goes there",
    }),
    dropNotThisTime: dropEmail("the short email to people who did not win a drop's draw (sent when drops.json switches it on)", {
      drop: "the drop's name goes there",
    }),
    footer: text('the small print under every email; "{brand}" and "{siteUrl}" are filled in'),
    unsubscribe: record(
      {
        text: text("the line before the unsubscribe link at the foot of every email"),
        link: text("the words of the unsubscribe link at the foot of every email (the link leaves the list and deletes the address)"),
      },
      "the unsubscribe link at the foot of every email",
      { typeName: "EmailUnsubscribe" },
    ),
  },
  "the emails the signup service sends",
)

/** Most tiers the status page has room for. */
export const MAX_REWARD_TIERS = 6

/** Tiers from fewest to most friends, each number once: "reached 3" must mean one tier. */
const rewardTiers = z
  .array(
    record(
      {
        referrals: labelled(
          wholeNumber("how many friends must join through someone's link (and confirm) to unlock this reward", { min: 1, max: 1_000_000 }),
          "Friends needed",
        ),
        reward: text('the reward\'s name, like "A sticker pack"'),
        description: longText("one short line about the reward"),
      },
      "a reward tier",
      { typeName: "RewardTier" },
    ),
    { error: (issue) => (issue.input === undefined ? "is missing - list the reward tiers" : "must be a list [ ... ] of reward tiers") },
  )
  .max(MAX_REWARD_TIERS, {
    error: (issue) => `has ${Array.isArray(issue.input) ? issue.input.length : 0} tiers - the status page has room for at most ${MAX_REWARD_TIERS}`,
  })
  .superRefine((tiers, context) => {
    tiers.forEach((tier, index) => {
      const before = tiers[index - 1]
      if (!before || tier.referrals > before.referrals) return
      context.addIssue({
        code: "custom",
        path: [index, "referrals"],
        message:
          tier.referrals === before.referrals
            ? `is ${tier.referrals}, the same as the tier before it - each tier needs its own number of friends`
            : `is ${tier.referrals}, fewer than the tier before it (${before.referrals}) - list the tiers from fewest to most friends`,
      })
    })
  })
  .describe("the reward tiers, from fewest to most friends")

const rewards = contentFile(
  {
    tiers: rewardTiers,
    showLeaderboard: labelled(
      yesNo(
        `whether the status page shows the top ${LEADERBOARD_SIZE} referrers, their addresses masked like j***@g***.com (no one below ${LEADERBOARD_MIN_REFERRALS} friends)`,
      ),
      "Show the leaderboard",
    ),
  },
  "the referral rewards and the leaderboard setting",
)

const signupCopy = record(
  {
    heading: text("the heading of the signup section"),
    text: longText("the text under the signup heading"),
    socialProof: text('the social-proof line; "{count}" is replaced by the number in site.json'),
  },
  "the signup section's texts",
  { typeName: "SignupCopy" },
)

/** How many drops, pieces per drop and sizes per piece the drop page has room for. */
export const DROP_LIMITS = { drops: 10, pieces: 6, sizes: 12 } as const

/** A size's label as entries name it ("hoodie/M"): letters and digits first, then also spaces, ".", "+" and "-". */
const SIZE_LABEL = /^[A-Za-z0-9][A-Za-z0-9 .+-]{0,19}$/

/**
 * Flags every item whose `field` (as `normalise` reads it) an earlier item has already, at
 * `[index, field]`. Items whose field is not text have their own message and are skipped.
 */
const uniqueBy =
  (field: string, message: (value: string, firstIndex: number) => string, normalise: (value: string) => string = (value) => value) =>
  (items: unknown[], context: z.RefinementCtx) => {
    const first = new Map<string, number>()
    items.forEach((item, index) => {
      const value = typeof item === "object" && item !== null ? (item as Record<string, unknown>)[field] : undefined
      if (typeof value !== "string") return
      const earlier = first.get(normalise(value))
      if (earlier === undefined) first.set(normalise(value), index)
      else context.addIssue({ code: "custom", path: [index, field], message: message(value, earlier) })
    })
  }

const dropSize = record(
  {
    label: formatted(
      'the size\'s name as people choose it, like "M" or "One size"',
      SIZE_LABEL,
      'must start with a letter or digit and hold only letters, digits, spaces, ".", "+" and "-", at most 20, like "M" or "One size"',
    ),
    quantity: labelled(wholeNumber("how many pieces of this size the drop has (the draw picks this many winners)", { min: 1, max: 100_000 }), "Pieces"),
  },
  "a size",
  { typeName: "DropSize" },
)

const dropPiece = (imageExists: SchemaOptions["imageExists"]) =>
  record(
    {
      id: slug('the piece\'s short name in addresses and entries, like "hoodie"'),
      name: text("the piece's name"),
      description: longText("one or two lines about the piece"),
      image: image("every piece needs a picture path like images/drop-hoodie.jpg", imageExists),
      alt: labelled(text("every piece needs alt text for screen readers"), "Alt text (what the picture shows)"),
      sizes: listOf(dropSize, { min: 1, max: DROP_LIMITS.sizes, noun: "sizes", why: "a piece comes in 1 to 12 sizes" }).superRefine(
        uniqueBy(
          "label",
          (label, first) => `"${label}" is already size ${first + 1}'s label - each size of a piece needs its own label`,
          (label) => label.trim().toLowerCase(),
        ),
      ),
    },
    "a piece",
    { typeName: "DropPiece" },
  )

const VALID_INSTANT = z.iso.datetime()

/** A message for a window time that is not after the one before it. */
const outOfOrder = (field: string, value: string, before: string, beforeValue: string, why: string): string =>
  `is ${value}, ${field === "closesAt" ? "not after" : "before"} ${before} (${beforeValue}) - ${why}`

const drop = (imageExists: SchemaOptions["imageExists"]) =>
  record(
    {
      id: slug('the drop\'s short name in addresses and entries, like "drop-01"; never change it once entries open'),
      name: text('the drop\'s name, like "Drop 01: Block Heavyweight"'),
      summary: longText("one or two lines about the drop"),
      opensAt: labelled(instant("when entries open, in UTC", "2026-12-04T17:00:00Z"), "Entries open (UTC)"),
      closesAt: labelled(instant("when entries close, in UTC; after they open", "2026-12-06T17:00:00Z"), "Entries close (UTC)"),
      resultsAt: labelled(instant("when the draw's results are out, in UTC; at or after the close", "2026-12-07T17:00:00Z"), "Results (UTC)"),
      redeemDays: labelled(
        wholeNumber("how many days a winner has to use their code before it passes to the next person on the reserve list", { min: 1, max: 30 }),
        "Days to use a winning code",
      ),
      bonus: record(
        {
          ticketsPerReferral: wholeNumber("the bonus tickets each confirmed referral adds to an entry (0: none)", { min: 0, max: 10 }),
          maxBonusTickets: wholeNumber("the most bonus tickets one entry can hold (0: none)", { min: 0, max: 20 }),
        },
        "the bonus tickets for confirmed referrals (every entry holds 1 ticket, plus these)",
        { typeName: "DropBonus" },
      ),
      announcement: record(
        {
          show: yesNo("whether Home shows a short note about this drop with a link to the drop page"),
          text: longText("the note on Home"),
        },
        "the note about this drop on Home",
        { typeName: "DropAnnouncement" },
      ),
      pieces: listOf(dropPiece(imageExists), { min: 1, max: DROP_LIMITS.pieces, noun: "pieces", why: "a drop has 1 to 6 pieces" }).superRefine(
        uniqueBy("id", (id, first) => `"${id}" is already piece ${first + 1}'s id - each piece of a drop needs its own id`),
      ),
      commitment: dropCommitment.optional(),
    },
    "a drop",
    { typeName: "Drop" },
  ).superRefine((value, context) => {
    // Only times that are themselves valid are compared: a broken one has its own message.
    const time = (iso: unknown): number => (typeof iso === "string" && VALID_INSTANT.safeParse(iso).success ? Date.parse(iso) : Number.NaN)
    const { opensAt, closesAt, resultsAt } = value
    if (time(closesAt) <= time(opensAt)) {
      context.addIssue({
        code: "custom",
        path: ["closesAt"],
        message: outOfOrder("closesAt", closesAt, "opensAt", opensAt, "entries must close after they open"),
      })
    }
    if (time(resultsAt) < time(closesAt)) {
      context.addIssue({
        code: "custom",
        path: ["resultsAt"],
        message: outOfOrder("resultsAt", resultsAt, "closesAt", closesAt, "the results come at or after the close"),
      })
    }
  })

const dropList = (imageExists: SchemaOptions["imageExists"]) =>
  listOf(drop(imageExists), { min: 0, max: DROP_LIMITS.drops, noun: "drops", why: "the drop page has room for at most 10 drops" })
    .superRefine(uniqueBy("id", (id, first) => `"${id}" is already drop ${first + 1}'s id - every drop needs its own id (entries and the draw are kept by it)`))
    .describe("the drops, each with its entry window, bonus rule and pieces")

export const createContentSchemas = ({ imageExists }: SchemaOptions) => {
  const site = contentFile(
    {
      brand: text("the shop's name"),
      tagline: text("the short slogan shown in the footer"),
      description: longText("the default summary for search engines and link previews"),
      siteUrl: webUrl("the address the site is published at"),
      shopUrl: labelled(
        webUrl("the shop's address, where an invitation's button leads (the invitation's code is added to it, so the shop can redeem it)"),
        "Shop address",
      ),
      language: formatted('the language of the site\'s text, like "en"', /^[a-z]{2}(-[A-Z]{2})?$/, 'must be a language code like "en" or "en-GB"'),
      emails: record(
        {
          general: email("the address for general questions"),
          business: email("the address for business inquiries"),
        },
        "the team's email addresses",
      ),
      social: atLeastOne(
        record(
          {
            network: choice(SOCIAL_NETWORKS, "SocialNetwork", {
              missing: "use Instagram, Twitter or TikTok",
              unknown: (input) => `"${input}" is not a supported network - use Instagram, Twitter or TikTok`,
              hint: "the social network: Instagram, Twitter or TikTok",
            }),
            url: webUrl("the profile's address"),
          },
          "a social link",
          { typeName: "SocialLink" },
        ),
        "social links",
        "add at least one social link",
      ),
      responseTime: text('how soon the team replies, like "3 business days"'),
      socialProof: text('how many people are on the list, like "5,000+"'),
      showListSizeFrom: labelled(
        wholeNumber(
          'the list\'s size from which the site shows the real number: below it a place reads "You\'re #12" without "of 340", and the signup section keeps the social-proof number; keep it at or above that number',
          { min: 0, max: 100_000_000 },
        ),
        "Show the real list size from",
      ),
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
            image: image("every slide needs an image path like images/slide.jpg", imageExists),
            caption: text("every slide needs a caption"),
            alt: labelled(text("every slide needs alt text for screen readers"), "Alt text (what the picture shows)"),
          },
          "a slide",
          { typeName: "Slide" },
        ),
        "slides",
      ),
    },
    "the carousel slides",
  )

  const categories = contentFile({ categories: exactlyThree(card("category card"), "category cards") }, "the category cards")
  const values = contentFile({ values: exactlyThree(card("value card"), "value cards") }, "the value cards")
  const reassurances = contentFile({ reassurances: exactlyThree(card("reassurance point"), "reassurance points") }, "the reassurance points")

  const home = contentFile(
    {
      seo,
      hero: record(
        {
          eyebrow: text("the small line above the headline"),
          headline: text("the big headline"),
          subtext: longText("the text under the headline"),
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
          intro: longText("the text under the category heading"),
          badge: text('the badge on each category card, like "Coming Soon"'),
        },
        "the category section",
      ),
      why: record(
        {
          heading: text('the heading of the "Why 94?" snippet'),
          text: longText('the text of the "Why 94?" snippet'),
          linkLabel: text("the label of the link to the About page"),
        },
        'the "Why 94?" snippet',
      ),
      signup: signupCopy,
      dropLink: text("the label of the link to the drop page after a drop's note on Home (drops.json, announcement)"),
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
      intro: record({ heading: text("the page heading"), text: longText("the intro text") }, "the intro"),
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
          text: longText("the text above the message form"),
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
      updated: calendarDate("when the notice last changed", "2026-11-22"),
      intro: longText("the opening paragraph"),
      sections: z
        .array(
          record({ heading: text("every section needs a heading"), paragraphs: paragraphs("the section text") }, "a section", {
            typeName: "PrivacySection",
          }),
          {
            error: (issue) => (issue.input === undefined ? "is missing - list the sections of the notice" : "must be a list [ ... ] of sections"),
          },
        )
        .min(1, "is an empty list - the notice needs at least one section")
        .describe("the sections of the notice"),
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
      intro: longText("one line under the heading, shown before the place is looked up, whatever the link turns out to be"),
      loading: text("what the page says while it looks up the place"),
      pending: text("what the page says when the address is not confirmed yet"),
      expired: freshLinkCopy(
        "the status page's words for an expired link",
        longTemplate("what the page says when its status link has expired, and that a fresh one comes by email", {
          statusLinkDays: "the days a status link works go there (the server's rule)",
        }),
      ),
      ...tokenPageMessages,
      invited: record(
        {
          heading: text('the heading shown to people a wave has invited to the shop, like "You\'re invited"'),
          text: longText("what invited people read: their invitation link is in their inbox"),
          redeemed: longText("what invited people read once the shop has taken their invitation"),
        },
        "what the status page says to people invited to the shop",
      ),
      rewards: record(
        {
          heading: text("the heading above the reward tiers"),
          intro: longText("the line that says how friends unlock rewards"),
          friend: text('a tier that needs one friend, like "1 friend"'),
          friends: template("a tier that needs several friends", { count: "the number of friends goes there" }),
          reached: text('the mark on a reward that is unlocked, like "Unlocked"'),
          next: template("the progress towards the next reward", {
            count: "the friends so far go there",
            needed: "the friends the reward needs go there",
            reward: "the reward's name goes there",
          }),
          nextOne: template("the progress towards a next reward that needs one friend", {
            count: "the friends so far go there",
            reward: "the reward's name goes there",
          }),
          allReached: longText("what the page says once every reward is unlocked"),
        },
        "the reward tiers on the status page",
      ),
      leaderboard: record(
        {
          heading: text("the heading of the leaderboard"),
          intro: longTemplate("the line under the leaderboard's heading: who is on it, and that addresses are masked", {
            minFriends: "the fewest friends that put someone on the leaderboard go there (the server's rule)",
          }),
          rank: text("the heading of the place column"),
          name: text("the heading of the masked address column"),
          friends: text("the heading of the friends column"),
          you: text('the mark on the reader\'s own row, like "You"'),
          empty: longTemplate("what the leaderboard says while no one has enough friends on it", {
            minFriends: "the fewest friends that put someone on the leaderboard go there (the server's rule)",
          }),
        },
        "the leaderboard on the status page (shown when rewards.json switches it on)",
      ),
      leave: record(
        {
          heading: text("the heading above the way to leave the list"),
          intro: longText("the line that says the list can be left at any time, and what leaving deletes"),
          button: text('the label of the button that asks to leave, like "Leave the list"'),
          question: longText("the question asked before leaving: what is deleted, and that it cannot be undone"),
          confirm: text("the label of the button that leaves the list for good"),
          cancel: text("the label of the button that keeps the place"),
          leaving: text("what the button says while the address is deleted"),
          left: longText("what the page says once the person has left the list"),
          failed: text("what the page says when leaving did not work (no connection)"),
        },
        "the way to leave the list on the status page",
      ),
      drop: record(
        {
          eyebrow: text('the small line above each drop\'s name on the status page, like "The drop"'),
          opens: text("the label of when entries open"),
          closes: text("the label of when entries close"),
          results: text("the label of when the draw's results are out"),
          utcNote: text("the line under the times while the page does not know the reader's time zone yet: they are in UTC"),
          localNote: template("the line under the times once they are in the reader's own time zone", { zone: "the reader's time zone goes there" }),
          age: template('the line about the minimum age, like "You must be 16 or older to enter"', {
            minimumAge: "the minimum age from drops.json goes there",
          }),
          bonus: template("the sentence about bonus tickets for friends who joined through the reader's link", {
            perReferral: "the tickets each confirmed friend adds go there",
            maxBonus: "the most bonus tickets go there",
            maxTickets: "the most tickets one entry can hold go there",
          }),
          noBonus: longText("said instead of the bonus sentence when a drop gives no bonus tickets"),
          tickets: text('the label of the reader\'s number of tickets, like "Your tickets"'),
          scheduled: template("what the section says before entries open", { opens: "when entries open goes there" }),
          sizes: text('the label of the choice of sizes, like "Choose your size"'),
          chooseSize: text("what the section says when the enter button is pressed before a size is chosen"),
          enter: text('the button that enters the draw, like "Enter the draw"'),
          change: text('the button that changes an entry\'s size, like "Change my size"'),
          withdraw: text('the button that takes an entry back, like "Withdraw my entry"'),
          sending: text("what the enter and change buttons say while the entry is sent"),
          withdrawing: text("what the withdraw button says while the entry is taken back"),
          yourEntry: template("the line that names the reader's entry", { size: "the piece and size go there" }),
          entryNumber: template(
            "the line under it with the entry's number, which only the reader sees, to find themselves in the published list and the winners",
            {
              id: "the entry's number goes there",
            },
          ),
          entered: template("what the section says once the reader is in the draw", { size: "the piece and size go there" }),
          changed: template("what the section says once the entry's size is changed", { size: "the piece and size go there" }),
          withdrawn: longText("what the section says once the entry is taken back (they can enter again until entries close)"),
          closed: template("what the section says once entries have closed", { results: "when the results are out goes there" }),
          won: longText("what a winner reads after the draw: their code is in their inbox"),
          notWon: longText("what someone who entered and did not win reads after the draw"),
          rulesLink: text("the label of the link to the drop page: the rules and how to check the draw"),
          waiting: longText("what the section says of an entry waiting for the team's check (the reader joined after the drop was announced)"),
          leftOut: longText("what the section says of an entry the team's check did not let into the draw"),
          check: record(
            {
              button: text("the button that checks the reader's entry is in the published list"),
              checking: text("what that button says while it checks"),
              found: template("what the section says when the entry is in the list as it should be", {
                id: "the entry's number goes there",
                line: "its line in the list goes there",
                count: "the number of entries in the list goes there",
                size: "the piece and size go there",
                tickets: "the tickets go there",
              }),
              differs: template("what the section says when the list has the entry with another size or other tickets", {
                id: "the entry's number goes there",
                listSize: "the size the list has goes there",
                listTickets: "the tickets the list has go there",
                size: "the size this page has goes there",
                tickets: "the tickets this page has go there",
              }),
              missing: template("what the section says when the entry is not in the list", { id: "the entry's number goes there" }),
              listChanged: longText("what the section says when the downloaded list does not match the fingerprint published at close"),
              failed: longText("what the section says when the list could not be downloaded"),
            },
            "checking on the status page that the reader's own entry is in the published list",
          ),
          errors: record(
            {
              badSize: text("when the size sent is not one of the drop's sizes"),
              botCheck: text("when the bot check refused the request (the browser's proof of work did not come through)"),
              notConfirmed: text("when the reader's address is not confirmed yet"),
              held: text("when the reader's signup is waiting for a check by the team"),
              notFound: text("when the status link or the drop is not known"),
              notOpen: text("when entries have not opened yet"),
              closed: text("when entries have closed"),
              notSetUp: text("when the draw is not set up yet (the owner has not committed its seed)"),
              expired: text("when the status link has expired"),
              tooMany: text("when the reader sent too many requests in a short time"),
              failed: text("when the site cannot be reached"),
            },
            "what the section says when entering, changing or withdrawing did not go through, one line per reason",
          ),
        },
        "entering a drop's draw on the status page (one section per drop, for confirmed people)",
      ),
    },
    "the status page",
  )

  const unsubscribe = contentFile(
    {
      seo,
      heading: text("the page heading"),
      question: longText("what the page asks before unsubscribing: what is deleted"),
      button: text("the label of the button that unsubscribes"),
      leaving: text("what the button says while the address is deleted"),
      left: longText("what the page says once the person has left the list"),
      expired: freshLinkCopy(
        "the unsubscribe page's words for an expired link",
        longTemplate(
          "what the page says when the email's unsubscribe link has expired: a fresh status link by email (its page has a Leave button), or a reply to any email",
          {
            unsubscribeLinkDays: "the days an email's unsubscribe link works go there (the server's rule)",
          },
        ),
      ),
      ...tokenPageMessages,
    },
    "the unsubscribe page (the link at the foot of every email)",
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

  const invite = contentFile(
    {
      seo,
      heading: text("the page heading"),
      intro: longText(
        "the line under the heading, true of every invitation whatever its state: it is shown before the code is checked (keep it the longest text on the page: the page's first paint shows it)",
      ),
      checking: text("what the page says while it checks the invitation"),
      valid: record(
        {
          eyebrow: text("the small line above the invitation's headline"),
          heading: text("the invitation's headline, like \"You're in\""),
          text: longText("what the invitation says: who it is for, that it works once"),
          button: text("the label of the button to the shop (its address is the shop address in site.json)"),
        },
        "the invitation, as a valid code shows it",
      ),
      redeemed: template("what the page says when the invitation was used already", { email: "the general email address from site.json goes there" }),
      drop: record(
        {
          eyebrow: text('the small line above a drop winner\'s headline, like "You won the draw"'),
          heading: template('the headline of a drop\'s winning code, like "Your {size} from {drop}"', {
            size: "the piece and size go there",
            drop: "the drop's name goes there",
          }),
          text: longText("what a drop winner reads: the code is theirs alone, works once, and passes on if it is not used in time (the email says by when)"),
          button: text("the label of the button to the shop that claims the piece (its address is the shop address in site.json)"),
          passed: template("what the page says when a winning code was not used in time and went to the next person on the reserve list", {
            size: "the piece and size go there",
            drop: "the drop's name goes there",
          }),
        },
        "a drop's winning code, as the page shows it",
      ),
      expired: template("what the page says when a wave's invitation was not used in time", {
        inviteDays: "the days an invitation works go there (the server's rule)",
        email: "the general email address from site.json goes there",
      }),
      noCode: text("what the page says when it is opened without the link from the invitation email"),
      notFound: text("what the page says when the invitation is unknown"),
      failed: text("what the page says when the site cannot be reached"),
      retry: text("the label of the button that tries again"),
      joinLink: text("the label of the link to the signup section"),
    },
    "the invitation page (the link in an invitation email)",
  )

  const notFound = contentFile(
    {
      seo,
      heading: text("the page heading"),
      text: longText("the explanation under the heading"),
      homeButton: text("the label of the button back to Home"),
      contactButton: text("the label of the button to Contact"),
    },
    "the 404 page",
  )

  /** A step the owner confirms before it runs: the question, the two answers, and what it says while and after. */
  const confirmStep = (what: string) => ({
    question: longText(`the question asked before ${what}`),
    confirm: text(`the label of the button that goes ahead with ${what}`),
    cancel: text(`the label of the button that does not go ahead with ${what}`),
    working: text(`what the button says while ${what} runs`),
    failed: text(`what the page says when ${what} did not work`),
  })

  const table = (what: string) =>
    record(
      {
        heading: text(`the heading of ${what}`),
        name: text(`the first column's heading in ${what}`),
        signups: text(`the signups column's heading in ${what}`),
        confirmed: text(`the confirmed column's heading in ${what}`),
        rate: text(`the confirmation rate column's heading in ${what}`),
        none: text(`the name shown in ${what} for signups that came without one`),
      },
      what,
      { typeName: "OwnerAttributionTable" },
    )

  const owner = contentFile(
    {
      seo,
      heading: text("the page heading"),
      intro: longText("the line under the heading: what the page is and who it is for"),
      off: longText("what the page says when OWNER_TOKEN is not set on the server: how to turn the page on"),
      signIn: record(
        {
          label: text("the label of the secret field"),
          hint: longText("the line under the secret field: which secret, and that it is kept in this tab only"),
          button: text("the label of the sign-in button"),
          checking: text("what the sign-in button says while the secret is checked"),
          missing: text("what the page says when the field is empty"),
          wrong: text("what the page says when the secret is wrong"),
          tooMany: text("what the page says after too many tries"),
          failed: text("what the page says when the server cannot be reached"),
        },
        "signing in",
      ),
      signOut: text("the label of the sign-out button"),
      refresh: text("the label of the button that loads the numbers again"),
      updated: template("when the numbers were read, in the owner's time zone", { time: "the time goes there" }),
      loading: text("what the page says while it reads the numbers"),
      counts: record(
        {
          label: text("the name of the row of counts for screen readers"),
          confirmed: text("the label of the confirmed count"),
          pending: text("the label of the pending count (not confirmed yet)"),
          invited: text("the label of the invited count"),
          redeemed: text("the label of the count of invitations used"),
          left: text("the label of the count of people who left"),
          rate: text("the label of the confirmation rate"),
          rateDetail: template("the line under the confirmation rate", { confirmed: "the confirmed count goes there", total: "all signups go there" }),
          visits: text("the label of the count of visits: arrivals from outside the site, counted without cookies"),
          conversion: text("the label of the share of visits that signed up"),
          conversionDetail: template("the line under that share", { signups: "all signups go there", visits: "the visits go there" }),
        },
        "the counts",
      ),
      chart: record(
        {
          heading: template("the heading of the chart", { days: "the number of days the chart covers goes there (the server's rule)" }),
          caption: longText("the line under the chart's heading: what it shows, and that days are UTC days"),
          signups: text("the name of the signups in the chart's key and table"),
          confirmations: text("the name of the confirmations in the chart's key and table"),
          dayAxis: text("the label of the chart's day axis"),
          countAxis: text("the label of the chart's count axis"),
          table: template("the caption of the table of the same numbers, for screen readers", {
            days: "the number of days the chart covers goes there (the server's rule)",
          }),
          day: text("the day column's heading in that table"),
        },
        "the chart",
      ),
      attribution: record(
        {
          heading: text("the heading above the sources, campaigns and referring sites"),
          intro: longText("the line under that heading"),
          empty: text("what a table says while no one has signed up"),
        },
        "where signups come from",
      ),
      sources: table("the table of sources (utm_source)"),
      campaigns: table("the table of campaigns (utm_campaign)"),
      referringSites: table("the table of referring sites"),
      topReferrers: record(
        {
          heading: text("the heading of the top referrers"),
          intro: longTemplate("the line under that heading", { count: "the number of referrers shown goes there (the server's rule)" }),
          rank: text("the rank column's heading"),
          email: text("the address column's heading"),
          code: text("the referral code column's heading"),
          referrals: text("the confirmed referrals column's heading"),
          empty: text("what the table says while no one has brought a friend"),
        },
        "the top referrers",
      ),
      mail: record(
        {
          heading: text("the heading of the mail's health"),
          waiting: text("the label of the count of messages waiting to be delivered"),
          failed: text("the label of the count of messages given up on"),
          lastError: text("the label of the last error"),
          noError: text("what the page says when no message has failed"),
        },
        "the mail's health",
      ),
      botCheck: record(
        {
          heading: text("the heading of the bot check's counts"),
          intro: longText("what the bot check is and how its counts read"),
          passed: text("the label of the requests that passed"),
          refused: text("the label of the requests refused (ALTCHA_MODE=enforce)"),
          wouldRefuse: text("the label of the requests let through that enforce would refuse (monitor)"),
          replayed: text("the label of the solutions sent again"),
          missing: text("the label of the requests that came without any solution"),
        },
        "the bot check's counts",
      ),
      heldReferrals: record(
        {
          heading: text("the heading of the referrals on hold"),
          intro: longText("why referrals are held and what releasing or rejecting does"),
          friend: text("the column's heading of the friend who signed up"),
          referrer: text("the column's heading of who referred them"),
          reason: text("the column's heading of why it is held"),
          when: text("the column's heading of when the friend signed up"),
          decision: text("the column's heading of the buttons"),
          release: text("the button that lets a referral count"),
          reject: text("the button that drops a referral for good"),
          notConfirmed: text("said of a friend who has not confirmed yet"),
          more: text("said when more are held than shown; {count} is how many more"),
          empty: text("what the page says when nothing is on hold"),
          released: text("said once a referral is released; {referrer} is the referrer's address"),
          rejected: text("said once a referral is rejected; {referrer} is the referrer's address"),
          failed: text("said when a decision did not go through"),
          reasons: record(
            {
              unconfirmed: text("why: nobody confirmed the friend's address (single opt-in)"),
              same_network: text("why: the friend came from the referrer's own network"),
              network_burst: text("why: many signups came from one network in minutes"),
              shared_domain: text("why: the friend's address is at an uncommon domain the referrer or another of their friends uses too"),
              code_burst: text("why: many signups came through one referral link in minutes"),
              daily_cap: text("why: the referrer reached the day's cap of credited referrals"),
            },
            "why a referral is held, one line per reason",
          ),
        },
        "the referrals held for review",
      ),
      audit: record(
        {
          heading: text("the heading of the owner's audit"),
          intro: longText("what the audit lists"),
          when: text("the column's heading of when"),
          who: text("the column's heading of where it was done (the owner's page, the command line)"),
          what: text("the column's heading of what was done"),
          count: text("the column's heading of how many"),
          detail: text("the column's heading of the details"),
          empty: text("what the page says before anything was done"),
        },
        "the owner's audit",
      ),
      bounces: record(
        {
          heading: text("the heading of the hard bounces"),
          intro: longText("what a hard bounce is and what happens to the address"),
          email: text("the address column's heading"),
          when: text("the column's heading of when the address was refused"),
          reason: text("the column's heading of the receiving server's answer"),
          more: text("said when more bounced than shown; {count} is how many more"),
          empty: text("what the page says when no address has bounced"),
        },
        "addresses refused for good",
      ),
      backups: record(
        {
          heading: text("the heading of the backups"),
          lastGood: text("the label of when the last good backup was taken"),
          signups: text("the label of how many signups it holds"),
          none: text("said when no backup was taken yet"),
          fine: text("said when the backups are up to date"),
          postgres: longText("said instead when the list is in PostgreSQL"),
        },
        "the embedded database's backups",
      ),
      webhooks: record(
        {
          heading: text("the heading of the disabled webhooks"),
          url: text("the address column's heading"),
          since: text("the column's heading of when it was disabled"),
          reason: text("the reason column's heading"),
          none: text("what the page says when no webhook is disabled"),
        },
        "the disabled webhooks",
      ),
      actions: record(
        {
          heading: text("the heading of the actions"),
          cancelled: text("what the page says when a step was not confirmed"),
        },
        "the actions",
      ),
      exportList: record(
        {
          heading: text("the heading of the CSV download"),
          text: longText("what the CSV download gives"),
          button: text("the label of the button that asks to download"),
          ...confirmStep("the download"),
          done: text("what the page says once the file is saved"),
        },
        "downloading the list as CSV",
      ),
      forget: record(
        {
          heading: text("the heading of erasing an address"),
          text: longText("what erasing an address does"),
          label: text("the label of the address field"),
          button: text("the label of the button that asks to erase"),
          invalid: text("what the page says when the address is not an email address"),
          ...confirmStep("the erasure"),
          question: template("the question asked before erasing", { email: "the address goes there" }),
          found: template("what the page says once someone was erased", { email: "the address goes there" }),
          notFound: template("what the page says when no one had the address (it is kept out all the same)", { email: "the address goes there" }),
        },
        "erasing an address",
      ),
      invite: record(
        {
          heading: text("the heading of inviting the next people"),
          text: longText("what inviting does, and that the list comes first"),
          label: text("the label of the how-many field"),
          invalid: text("what the page says when the number is not a whole number from 1 to 1,000"),
          preview: text("the label of the button that shows who is next (a dry run)"),
          previewing: text("what that button says while the list is read"),
          listCaption: template("the caption of the list of who is next", { count: "the number goes there" }),
          position: text("the place column's heading"),
          email: text("the address column's heading"),
          ...confirmStep("the invitations"),
          question: template("the question asked before inviting", { count: "the number goes there" }),
          done: template("what the page says once people were invited", { count: "the number goes there" }),
          nobody: text("what the page says when no one is waiting for an invitation"),
        },
        "inviting the next people",
      ),
      drops: record(
        {
          heading: text("the heading of the drops"),
          intro: longText(
            "the line under that heading: what the owner does for each drop (commit the seed before entries open, run the draw after they close)",
          ),
          loading: text("what the section says while it reads the drops"),
          failed: text("what the section says when the drops could not be read"),
          none: text("what the section says when no drop is declared in drops.json"),
          phase: text("the label of a drop's stage, for screen readers"),
          phases: record(
            {
              scheduled: text("the name of the stage before entries open"),
              open: text("the name of the stage while entries are open"),
              closed: text("the name of the stage after entries close, before the draw"),
              drawn: text("the name of the stage after the draw"),
            },
            "the names of a drop's stages",
          ),
          opens: text("the label of when entries open"),
          closes: text("the label of when entries close"),
          results: text("the label of when the results are promised"),
          entrants: text("the caption of the table of entrants per size"),
          size: text("the size column's heading"),
          pieces: text("the pieces column's heading"),
          entries: text("the entrants column's heading"),
          winners: text("the winners column's heading (after the draw)"),
          byDay: text("the caption of the table of entries per size per day (UTC days)"),
          day: text("the day column's heading in that table"),
          noEntries: text("what the section says while a drop has no entries"),
          seedHash: text("the label of the seed's published hash"),
          listHash: text("the label of the entry list's published hash"),
          notYet: text("said of a hash that is not published yet"),
          verifyLink: text("the label of the link to the drop page, where anyone can check the draw"),
          beacon: text("the label of the beacon round the draw waits for"),
          beaconRound: template("the beacon round, with when its value comes out", {
            chain: "the beacon chain's name goes there",
            round: "the round's number goes there",
            time: "when its value comes out goes there",
          }),
          publish: record(
            {
              heading: text("the heading shown while the built site does not carry the drop's commitment yet"),
              text: longText(
                "what the owner does: run npm run drop:commit (it writes the commitment into drops.json) or paste it, then build and deploy; entries stay closed until then",
              ),
              snippet: text("the label of the commitment to paste into drops.json, under the drop"),
            },
            "putting a drop's commitment into the site",
          ),
          review: record(
            {
              heading: template("the heading of the entries waiting for the owner's review", { count: "their number goes there" }),
              intro: longText(
                "what the review is: entries from people who joined after the drop was announced, grouped where they share a network or an email domain",
              ),
              clusters: text("the heading of the groups of entries that share a network or a domain"),
              network: template("a group's name when its entries came from one network", { number: "the network's number goes there" }),
              domain: template("a group's name when its entries share an email domain", { domain: "the domain goes there" }),
              entries: template("how many entries a group holds", { count: "their number goes there" }),
              all: text("the name of the group of every waiting entry"),
              letIn: text("the label of the button that lets a group's entries into the draw"),
              leaveOut: text("the label of the button that leaves a group's entries out of the draw"),
              letInDone: template("what the page says once entries were let in", { count: "their number goes there" }),
              leaveOutDone: template("what the page says once entries were left out", { count: "their number goes there" }),
              failed: text("what the page says when the review did not go through"),
              entry: text("the entry column's heading"),
              size: text("the size column's heading"),
              signedUp: text("the column's heading of when the person joined the list"),
              networkColumn: text("the network column's heading"),
              domainColumn: text("the email domain column's heading"),
            },
            "the review of entries from people who joined after a drop was announced",
          ),
          commit: record(
            {
              text: longText("what committing does: a new secret seed, its hash published before entries open, the seed shown once"),
              button: text("the label of the button that asks to commit the seed"),
              ...confirmStep("committing the seed"),
              conflict: text("what the page says when the seed cannot be committed any more (committed already, or entries have opened)"),
              seedHeading: text('the heading above the seed, shown once, like "Save this seed now"'),
              seedText: longText("what the owner reads above the seed: it is shown this once, and the draw needs it"),
              seedKept: longText("said under the seed when this server keeps a copy of it too"),
              seedNotKept: longText("said under the seed when this server does not keep it: without the saved seed there is no draw"),
              download: text("the label of the button that downloads the seed as a file"),
              dismiss: text("the label of the button that hides the seed once saved"),
            },
            "committing a drop's seed",
          ),
          draw: record(
            {
              text: longText("what running the draw does: the seed is revealed, winners get their codes, everyone else an email"),
              button: text("the label of the button that asks to run the draw"),
              ...confirmStep("the draw"),
              seedLabel: text("the label of the field for the saved seed (when this server does not keep it)"),
              seedHint: longText("the line under that field: where the seed is (the file downloaded when it was committed)"),
              seedMissing: text("what the page says when the seed is needed and the field is empty"),
              seedMismatch: text("what the page says when the seed does not match the hash published before entries opened"),
              conflict: text("what the page says when the drop cannot be drawn now (not closed yet, not committed, or drawn already)"),
              done: template("what the page says once the draw has run", { count: "the number of winners goes there" }),
              beaconNotYet: template("what the page says when the beacon round's value is not out yet", { time: "when it comes out goes there" }),
              beaconUnreachable: template("what the page says when the beacon round's value could not be fetched (the owner may paste it)", {
                round: "the round's number goes there",
              }),
              beaconLabel: template("the label of the field for the beacon round's signature, pasted by hand", { round: "the round's number goes there" }),
              beaconInvalid: template("what the page says when the pasted value is not that round's, signed by the beacon's key", {
                round: "the round's number goes there",
              }),
            },
            "running a drop's draw",
          ),
        },
        "the drops: each drop's stage, entries, and the seed and draw",
      ),
    },
    "the owner's page",
  )

  const drops = contentFile(
    {
      minimumAge: labelled(
        wholeNumber("the minimum age to enter a drop, in whole years; the drop page and the entry form say it", { min: 13, max: 21 }),
        "Minimum age to enter",
      ),
      notThisTimeEmail: labelled(
        yesNo("whether people who entered a drop and did not win get a short email saying so (emails.json, dropNotThisTime)"),
        "Email people who did not win",
      ),
      beacon: beaconChain,
      drops: dropList(imageExists),
    },
    "the drops: limited pieces handed out by a draw",
  ).superRefine(commitmentsHold)

  const dropPage = contentFile(
    {
      seo,
      heading: text("the page heading"),
      intro: longText("the line under the heading: what a drop is, in a sentence or two (keep it the longest text on the first screen)"),
      empty: longText("what the page says when no drop is planned"),
      pieces: record(
        {
          heading: text("the heading above a drop's pieces"),
          sizes: text("the label of a piece's list of sizes, for screen readers"),
          quantity: template("how many pieces one size has", { count: "the number of pieces goes there" }),
          quantityOne: text('said of a size with a single piece, like "1 piece"'),
          total: template("how many pieces a drop has in all", { count: "the number of pieces goes there" }),
        },
        "the pieces of a drop",
      ),
      window: record(
        {
          heading: text("the heading above the entry window's times"),
          opens: text("the label of when entries open"),
          closes: text("the label of when entries close"),
          results: text("the label of when the results are out"),
          utcNote: text("the line under the times as the page is first sent: they are in UTC"),
          localNote: template("the line under the times once they are shown in the visitor's own time zone", { zone: "the visitor's time zone goes there" }),
        },
        "the entry window",
      ),
      countdown: record(
        {
          toOpen: text("the label of the countdown until entries open"),
          toClose: text("the label of the countdown until entries close"),
          toResults: text("the label of the countdown until the results"),
          over: longText("what shows in place of the countdown once the results are out"),
          days: text('the word under the days of the countdown, like "days"'),
          hours: text('the word under the hours of the countdown, like "hours"'),
          minutes: text('the word under the minutes of the countdown, like "min"'),
          seconds: text('the word under the seconds of the countdown, like "sec"'),
        },
        "the countdown",
      ),
      how: record(
        {
          heading: text('the heading of "how it works"'),
          steps: paragraphs("the steps of a drop, one paragraph each: who may enter, choosing a size, the draw"),
          bonus: template("the sentence about bonus tickets for confirmed referrals", {
            perReferral: "the tickets each confirmed referral adds go there",
            maxBonus: "the most bonus tickets go there",
            maxTickets: "the most tickets one entry can hold go there",
          }),
          noBonus: longText("said instead of the bonus sentence when a drop gives no bonus tickets"),
          age: template("the sentence about the minimum age", { minimumAge: "the minimum age from drops.json goes there" }),
          redeem: template("the sentence about how long a winner has to use their code", { redeemDays: "the number of days goes there" }),
        },
        'the "how it works" section',
      ),
      enter: record(
        {
          text: template("where to enter: from the status page, and the age requirement", { minimumAge: "the minimum age from drops.json goes there" }),
          joinLink: text("the label of the link to the signup section, for people not on the list yet"),
        },
        "where to enter",
      ),
      check: record(
        {
          heading: text('the heading of "how to check the draw"'),
          paragraphs: paragraphs(
            "the draw in plain words: the seed's hash and the beacon round before, the entry list's hash at close, the beacon's value and the seed after, and how anyone can recompute the winners",
          ),
        },
        'the "how to check the draw" section',
      ),
      commitment: record(
        {
          heading: text("the heading of the commitment as the site was built with it"),
          intro: longText("the line under that heading: this is fixed before entries open and comes with the page itself"),
          none: longText("what the section says before the drop's commitment is published"),
          seedHash: text("the label of the seed's hash"),
          beacon: text("the label of the beacon round the draw waits for"),
          round: template("the beacon round, named", { chain: "the beacon chain's name goes there", round: "the round's number goes there" }),
          beaconAt: text("the label of when the beacon round's value comes out"),
          committedAt: text("the label of when the commitment was made"),
        },
        "the drop's commitment, as published with the site",
        { typeName: "DropCommitmentCopy" },
      ),
      live: record(
        {
          heading: text("the heading of the draw's live record"),
          intro: longText("the line under that heading: what the record is and where it comes from"),
          loading: text("what the section says while it reads the record"),
          unavailable: longText("what the section says when there is no record yet (or the site cannot be reached)"),
          phase: text("the label of the drop's stage"),
          phases: record(
            {
              scheduled: text("the name of the stage before entries open"),
              open: text("the name of the stage while entries are open"),
              closed: text("the name of the stage after entries close, before the draw"),
              drawn: text("the name of the stage after the draw"),
            },
            "the names of the drop's stages",
          ),
          seedHash: text("the label of the seed's hash"),
          committedAt: text("the label of when the seed's hash was published"),
          beacon: text("the label of the beacon round's value the draw used"),
          notYet: text("said of a value that is not published yet"),
          entrants: text("the heading of the table of entrants per size"),
          size: text("the size column's heading"),
          stock: text("the pieces column's heading"),
          entries: text("the entrants column's heading"),
          listHash: text("the label of the entry list's hash"),
          frozenAt: text("the label of when the entries were frozen"),
          listLink: text("the label of the link to the entry list"),
          seed: text("the label of the revealed seed"),
          drawnAt: text("the label of when the draw was made"),
          winners: text("the heading of the winners per size"),
          winnersOf: template("the line that opens one size's winners", { size: "the size goes there", count: "the number of winners goes there" }),
          promoted: template("the line that opens one size's entries from the reserve list", { size: "the size goes there", count: "their number goes there" }),
          idsNote: longText("the line under the winners' heading: entries are shown by their pseudonymous id, which each person finds on their status page"),
          verify: record(
            {
              button: text("the label of the button that checks the draw in the browser"),
              checking: text("what the button says while the check runs"),
              intro: longText("the line above that button: what the check does"),
              match: longText("what the page says when the published winners match the recomputed draw"),
              mismatch: longText("what the page says above the problems when they do not match"),
              failed: longText("what the page says when the entry list could not be downloaded"),
            },
            "checking the draw in the browser",
          ),
        },
        "the draw's live record",
      ),
      noscript: template("the line shown to browsers without JavaScript, with the link to the record", { link: "the link to the record goes there" }),
    },
    "the drop page",
  )

  return {
    site,
    ui,
    emails,
    rewards,
    slides,
    categories,
    values,
    reassurances,
    home,
    about,
    contact,
    privacy,
    waitlist,
    confirm,
    unsubscribe,
    invite,
    notFound,
    owner,
    drops,
    drop: dropPage,
  }
}

export type ContentSchemas = ReturnType<typeof createContentSchemas>

/**
 * Every content file, relative to `content/`, with its schema. Its GraphQL node type is named
 * after the schema ("notFound" -> NotFoundJson), its JSON Schema after the file.
 */
export const CONTENT_FILES = [
  { file: "site.json", schema: "site" },
  { file: "ui.json", schema: "ui" },
  { file: "emails.json", schema: "emails" },
  { file: "rewards.json", schema: "rewards" },
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
  { file: "pages/unsubscribe.json", schema: "unsubscribe" },
  { file: "pages/invite.json", schema: "invite" },
  { file: "pages/not-found.json", schema: "notFound" },
  { file: "pages/owner.json", schema: "owner" },
  { file: "drops.json", schema: "drops" },
  { file: "pages/drop.json", schema: "drop" },
] as const satisfies ReadonlyArray<{ file: string; schema: keyof ContentSchemas }>

export type ContentFile = (typeof CONTENT_FILES)[number]

/** The GraphQL node type of a content file: "notFound" -> "NotFoundJson". */
export const nodeTypeName = (schema: ContentFile["schema"]): string => `${schema[0].toUpperCase()}${schema.slice(1)}Json`

/** The content file at a path relative to `content/`, if the model declares one. */
export const contentFileAt = (relativePath: string): ContentFile | undefined => CONTENT_FILES.find(({ file }) => file === relativePath.split("\\").join("/"))

export type SiteContent = z.infer<ContentSchemas["site"]>
export type UiCopy = z.infer<ContentSchemas["ui"]>
export type EmailCopy = z.infer<ContentSchemas["emails"]>
export type RewardsContent = z.infer<ContentSchemas["rewards"]>
export type DropsContent = z.infer<ContentSchemas["drops"]>
