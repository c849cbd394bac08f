/** content/pages/confirm.json: the confirmation page. */
import { contentFile, longText, text } from "../../fields"
import { seo, tokenPageMessages } from "../shared"

export const confirm = contentFile(
  {
    seo,
    heading: text("the page heading"),
    intro: longText(
      "the line under the heading, true whatever the link turns out to be: it is shown before the link is checked (keep it the longest text on the page: the page's first paint shows it)",
    ),
    confirming: text("what the page says while it confirms"),
    confirmed: text("what the page says once the address is confirmed"),
    expired: text("what the page says when the link has expired or was used"),
    ...tokenPageMessages,
  },
  "the confirmation page",
)
