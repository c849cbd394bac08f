/** content/pages/confirm.json: the confirmation page. */
import { contentFile, text } from "../../fields"
import { seo, tokenPageMessages } from "../shared"

export const confirm = contentFile(
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
