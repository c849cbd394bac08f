/** content/pages/waitlist.json: the status page. */
import { contentFile, longText, longTemplate, record, template, text } from "../../fields"
import { freshLinkCopy, seo, tokenPageMessages } from "../shared"

export const waitlist = contentFile(
  {
    seo,
    heading: text("the page heading while the place is looked up, and when the page is opened without a link"),
    eyebrow: text('the small line above the place, like "Your pass"'),
    intro: longText("whose page it is and why its link stays private: painted large while the place is looked up, then small print at the foot"),
    loading: text("what the page says while it looks up the place"),
    pendingHeading: text("the heading when the address is not confirmed yet"),
    pending: text("what the page says when the address is not confirmed yet"),
    badLink: record(
      {
        heading: text("the heading when the link did not work (unknown or expired)"),
        button: text("the button that asks for the status link by email (an unknown link, or none)"),
      },
      "what the status page says when its link did not work",
    ),
    expired: freshLinkCopy(
      "the status page's words for an expired link",
      longTemplate("what the page says when its status link has expired, and that a fresh one comes by email", {
        statusLinkDays: "the days a status link works go there (the server's rule)",
      }),
    ),
    ...tokenPageMessages,
    invited: record(
      {
        heading: text('the heading shown to people a wave has invited to the shop, like "You\'re invited"'),
        text: longText("what invited people read: their invitation link is in their inbox"),
        redeemed: longText("what invited people read once the shop has taken their invitation"),
      },
      "what the status page says to people invited to the shop",
    ),
    rewards: record(
      {
        heading: text("the heading above the reward tiers"),
        intro: longText("the line that says how friends unlock rewards"),
        friend: text('a tier that needs one friend, like "1 friend"'),
        friends: template("a tier that needs several friends", { count: "the number of friends goes there" }),
        reached: text('the mark on a reward that is unlocked, like "Unlocked"'),
        next: template("the progress towards the next reward", {
          count: "the friends so far go there",
          needed: "the friends the reward needs go there",
          reward: "the reward's name goes there",
        }),
        nextOne: template("the progress towards a next reward that needs one friend", {
          count: "the friends so far go there",
          reward: "the reward's name goes there",
        }),
        allReached: longText("what the page says once every reward is unlocked"),
      },
      "the reward tiers on the status page",
    ),
    leaderboard: record(
      {
        heading: text("the heading of the leaderboard"),
        intro: longTemplate("the line under the leaderboard's heading: who is on it, and that addresses are masked", {
          minFriends: "the fewest friends that put someone on the leaderboard go there (the server's rule)",
        }),
        rank: text("the heading of the place column"),
        name: text("the heading of the masked address column"),
        friends: text("the heading of the friends column"),
        you: text('the mark on the reader\'s own row, like "You"'),
        empty: longTemplate("what the leaderboard says while no one has enough friends on it", {
          minFriends: "the fewest friends that put someone on the leaderboard go there (the server's rule)",
        }),
      },
      "the leaderboard on the status page (shown when rewards.json switches it on)",
    ),
    leave: record(
      {
        heading: text("the heading above the way to leave the list"),
        intro: longText("the line that says the list can be left at any time, and what leaving deletes"),
        button: text('the label of the button that asks to leave, like "Leave the list"'),
        question: longText("the question asked before leaving: what is deleted, and that it cannot be undone"),
        confirm: text("the label of the button that leaves the list for good"),
        cancel: text("the label of the button that keeps the place"),
        leaving: text("what the button says while the address is deleted"),
        left: longText("what the page says once the person has left the list"),
        failed: text("what the page says when leaving did not work (no connection)"),
      },
      "the way to leave the list on the status page",
    ),
    drop: record(
      {
        eyebrow: text('the small line above each drop\'s name on the status page, like "The drop"'),
        opens: text("the label of when entries open"),
        closes: text("the label of when entries close"),
        results: text("the label of when the draw's results are out"),
        utcNote: text("the line under the times while the page does not know the reader's time zone yet: they are in UTC"),
        localNote: template("the line under the times once they are in the reader's own time zone", { zone: "the reader's time zone goes there" }),
        age: template('the line about the minimum age, like "You must be 16 or older to enter"', {
          minimumAge: "the minimum age from drops.json goes there",
        }),
        bonus: template("the sentence about bonus tickets for friends who joined through the reader's link", {
          perReferral: "the tickets each confirmed friend adds go there",
          maxBonus: "the most bonus tickets go there",
          maxTickets: "the most tickets one entry can hold go there",
        }),
        noBonus: longText("said instead of the bonus sentence when a drop gives no bonus tickets"),
        tickets: text('the label of the reader\'s number of tickets, like "Your tickets"'),
        scheduled: template("what the section says before entries open", { opens: "when entries open goes there" }),
        sizes: text('the label of the choice of sizes, like "Choose your size"'),
        chooseSize: text("what the section says when the enter button is pressed before a size is chosen"),
        enter: text('the button that enters the draw, like "Enter the draw"'),
        change: text('the button that changes an entry\'s size, like "Change my size"'),
        withdraw: text('the button that takes an entry back, like "Withdraw my entry"'),
        sending: text("what the enter and change buttons say while the entry is sent"),
        withdrawing: text("what the withdraw button says while the entry is taken back"),
        yourEntry: template("the line that names the reader's entry", { size: "the piece and size go there" }),
        entryNumber: template(
          "the line under it with the entry's number, which only the reader sees, to find themselves in the published list and the winners",
          {
            id: "the entry's number goes there",
          },
        ),
        entered: template("what the section says once the reader is in the draw", { size: "the piece and size go there" }),
        changed: template("what the section says once the entry's size is changed", { size: "the piece and size go there" }),
        withdrawn: longText("what the section says once the entry is taken back (they can enter again until entries close)"),
        closed: template("what the section says once entries have closed", { results: "when the results are out goes there" }),
        won: longText("what a winner reads after the draw: their code is in their inbox"),
        notWon: longText("what someone who entered and did not win reads after the draw"),
        rulesLink: text("the label of the link to the drop page: the rules and how to check the draw"),
        waiting: longText("what the section says of an entry waiting for the team's check (the reader joined after the drop was announced)"),
        leftOut: longText("what the section says of an entry the team's check did not let into the draw"),
        check: record(
          {
            button: text("the button that checks the reader's entry is in the published list"),
            checking: text("what that button says while it checks"),
            found: template("what the section says when the entry is in the list as it should be", {
              id: "the entry's number goes there",
              line: "its line in the list goes there",
              count: "the number of entries in the list goes there",
              size: "the piece and size go there",
              tickets: "the tickets go there",
            }),
            differs: template("what the section says when the list has the entry with another size or other tickets", {
              id: "the entry's number goes there",
              listSize: "the size the list has goes there",
              listTickets: "the tickets the list has go there",
              size: "the size this page has goes there",
              tickets: "the tickets this page has go there",
            }),
            missing: template("what the section says when the entry is not in the list", { id: "the entry's number goes there" }),
            listChanged: longText("what the section says when the downloaded list does not match the fingerprint published at close"),
            failed: longText("what the section says when the list could not be downloaded"),
          },
          "checking on the status page that the reader's own entry is in the published list",
        ),
        errors: record(
          {
            badSize: text("when the size sent is not one of the drop's sizes"),
            botCheck: text("when the bot check refused the request (the browser's proof of work did not come through)"),
            notConfirmed: text("when the reader's address is not confirmed yet"),
            held: text("when the reader's signup is waiting for a check by the team"),
            notFound: text("when the status link or the drop is not known"),
            notOpen: text("when entries have not opened yet"),
            closed: text("when entries have closed"),
            notSetUp: text("when the draw is not set up yet (the owner has not committed its seed)"),
            expired: text("when the status link has expired"),
            tooMany: text("when the reader sent too many requests in a short time"),
            failed: text("when the site cannot be reached"),
          },
          "what the section says when entering, changing or withdrawing did not go through, one line per reason",
        ),
      },
      "entering a drop's draw on the status page (one section per drop, for confirmed people)",
    ),
  },
  "the status page",
)
