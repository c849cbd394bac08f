/** content/pages/invite.json: the invitation page. */
import { contentFile, longText, record, template, text } from "../../fields"
import { seo } from "../shared"

export const invite = contentFile(
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
