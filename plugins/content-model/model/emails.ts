/** content/emails.json: the emails the signup service sends. */
import { contentFile, longText, longTemplate, record, template, text } from "../fields"

/**
 * One email: subject, heading, text, the button to the link, and what to do if it was not you;
 * the text must keep the placeholders the service fills in.
 */
const emailCopy = (what: string, placeholders: Record<string, string> = {}) =>
  record(
    {
      subject: text(`the subject of ${what}; "{brand}" is filled in`),
      heading: text(`the heading of ${what}`),
      text: Object.keys(placeholders).length > 0 ? longTemplate(`the text of ${what}`, placeholders) : longText(`the text of ${what}`),
      button: text(`the label of the button in ${what}`),
      ignore: text(`the last line of ${what}, for people who did not ask for it`),
    },
    what,
    { typeName: "Email" },
  )

/**
 * One email about a drop, shaped like the others: the text must keep the placeholders the
 * service fills in; the subject and heading may use them too.
 */
const dropEmail = (what: string, placeholders: Record<string, string>) => {
  const names = Object.keys(placeholders)
    .map((name) => `{${name}}`)
    .join(", ")
  return record(
    {
      subject: text(`the subject of ${what}; "{brand}" and ${names} are filled in`),
      heading: text(`the heading of ${what}; ${names} may be used`),
      text: template(`the text of ${what}`, placeholders),
      button: text(`the label of the button in ${what}`),
      ignore: text(`the last line of ${what}, for people who did not ask for it`),
    },
    what,
    { typeName: "Email" },
  )
}

export const emails = contentFile(
  {
    confirmation: emailCopy("the email that asks a new signup to confirm their address", {
      confirmHours: "the hours the confirmation link works go there (the server's rule)",
    }),
    statusLink: emailCopy("the email that sends someone already on the list their status link"),
    invitation: emailCopy("the email that invites someone from the list to the shop, with their single-use invitation link", {
      inviteDays: "the days the invitation works go there (the server's rule)",
    }),
    milestone: record(
      {
        subject: template('the subject of the email sent when friends unlock a reward; "{brand}" is filled in', { reward: "the reward's name goes there" }),
        heading: text('the heading of the reward email; "{reward}" may name the reward'),
        text: template("the text of the reward email", { count: "the number of friends goes there", reward: "the reward's name goes there" }),
        button: text("the label of the reward email's button, which opens the status page"),
        ignore: text("the last line of the reward email"),
      },
      "the email sent when friends who joined through someone's link unlock a reward (content/rewards.json)",
      { typeName: "Email" },
    ),
    dropEntered: dropEmail("the email that confirms someone entered a drop's draw", {
      drop: "the drop's name goes there",
      size: "the piece and size they entered for goes there",
    }),
    dropWon: dropEmail("the email that tells a winner of a drop's draw, with their single-use code", {
      drop: "the drop's name goes there",
      size: "the piece and size they won goes there",
      deadline: "the last day and time to use the code goes there",
    }),
    dropNotThisTime: dropEmail("the short email to people who did not win a drop's draw (sent when drops.json switches it on)", {
      drop: "the drop's name goes there",
    }),
    footer: text('the small print under every email; "{brand}" and "{siteUrl}" are filled in'),
    unsubscribe: record(
      {
        text: text("the line before the unsubscribe link at the foot of every email"),
        link: text("the words of the unsubscribe link at the foot of every email (the link leaves the list and deletes the address)"),
      },
      "the unsubscribe link at the foot of every email",
      { typeName: "EmailUnsubscribe" },
    ),
  },
  "the emails the signup service sends",
)
