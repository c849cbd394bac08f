/** content/pages/not-found.json: the 404 page. */
import { contentFile, longText, text } from "../../fields"
import { seo } from "../shared"

export const notFound = contentFile(
  {
    seo,
    heading: text("the page heading"),
    text: longText("the explanation under the heading"),
    homeButton: text("the label of the button back to Home"),
    contactButton: text("the label of the button to Contact"),
  },
  "the 404 page",
)
