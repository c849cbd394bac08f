/** content/site.json: the shop's name, addresses, links and site-wide settings. */
import { atLeastOne, choice, contentFile, email, formatted, labelled, longText, positiveMs, record, text, webUrl, wholeNumber } from "../fields"

export const SOCIAL_NETWORKS = ["Instagram", "Twitter", "TikTok"] as const

export const site = contentFile(
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
