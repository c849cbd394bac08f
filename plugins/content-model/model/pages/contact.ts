/** content/pages/contact.json: the Contact page. */
import { contentFile, longText, record, text } from "../../fields"
import { seo } from "../shared"

export const contact = contentFile(
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
