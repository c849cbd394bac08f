/** content/pages/about.json: the About page. */
import { contentFile, paragraphs, record, text } from "../../fields"
import { seo, signupCopy } from "../shared"

export const about = contentFile(
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
