/** content/pages/friend.json: the page a friend's referral link opens. */
import { contentFile, longText, paragraphs, record, text } from "../../fields"
import { signupCopy } from "../shared"

export const friend = contentFile(
  {
    seo: record(
      {
        title: text("the page title, and the title of the card a shared referral link previews with"),
        description: longText("the page summary, and the text of that card"),
        imageAlt: text("what the card's picture shows, for people who cannot see it"),
      },
      "the page's search and sharing texts",
      { label: "Search and sharing" },
    ),
    intro: record(
      { heading: text("the page heading: a friend saved them a spot"), paragraphs: paragraphs("what the friend's link means and what to do next") },
      "the intro",
    ),
    signup: signupCopy,
  },
  "the page a friend's referral link opens",
)
