/** content/pages/home.json: the Home page. */
import { contentFile, longText, record, text } from "../../fields"
import { seo, signupCopy } from "../shared"

export const home = contentFile(
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
