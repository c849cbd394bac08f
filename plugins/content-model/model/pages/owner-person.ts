/** content/pages/owner.json's "find someone": one person by address, and their link sent again. */
import { longText, record, template, text } from "../../fields"

export const ownerPerson = record(
  {
    heading: text('the heading of finding someone by address, like "Find someone"'),
    intro: longText("what finding someone shows, and that the address is masked until asked for whole, every lookup logged"),
    label: text("the label of the address field"),
    button: text("the label of the button that finds them"),
    finding: text("what that button says while it looks"),
    invalid: text("what the page says when the field does not hold an email address"),
    notFound: text("what the page says when no one on the list has that address"),
    failed: text("what the page says when the lookup or the send did not go through"),
    found: text("the name of what was found, for screen readers"),
    status: text("the label of their status"),
    statuses: record(
      {
        pending: text("the status of someone who has not confirmed their address"),
        confirmed: text("the status of someone who confirmed"),
      },
      "the names of the statuses",
    ),
    place: text("the label of their place in line"),
    placeOf: template("their place", { position: "their place goes there", total: "how many are in line goes there" }),
    noPlace: text("said in place of a place before they confirm"),
    friends: text("the label of the friends who count for them"),
    held: text("the label of their friends on hold"),
    reward: text("the label of the reward they reached"),
    noReward: text("said when they reached no reward yet"),
    signedUp: text("the label of when they signed up"),
    invitation: text("the label of their invitation to the shop"),
    notInvited: text("said when no invitation reached them yet"),
    invited: template("said when an invitation was sent", { time: "when it was sent goes there" }),
    redeemed: template("said when they used their invitation", { time: "when they used it goes there" }),
    resend: text("the label of the button that sends them their link again"),
    showWhole: text("the label of the button that shows the whole address (logged)"),
    resent: record(
      {
        sent: text("said once the link is on its way"),
        tooSoon: text("said when they got an email in the last hour, so nothing was sent"),
        noMail: text("said when this server sends no email, so no link can be sent"),
        notFound: text("said when the address left the list in the meantime"),
      },
      "what the page says after sending their link again",
    ),
  },
  "finding someone by address: place, friends, reward and status, and sending their link again",
)
