/** content/pages/unsubscribe.json: the unsubscribe page. */
import { contentFile, longTemplate, longText, text } from "../../fields"
import { freshLinkCopy, seo, tokenPageMessages } from "../shared"

export const unsubscribe = contentFile(
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
