/** content/pages/drop.json: the drop page. */
import { contentFile, longText, paragraphs, record, template, text } from "../../fields"
import { seo } from "../shared"
import { dropActionCopy, pieceDetailsCopy } from "../drop-front"
import { dropPhaseNames } from "./drop-phases"

export const dropPage = contentFile(
  {
    seo,
    heading: text("the page heading"),
    intro: longText("the line under the heading: what a drop is, in a sentence or two (keep it the longest text on the first screen)"),
    empty: longText("what the page says when no drop is planned"),
    pieces: record(
      {
        heading: text("the heading above a drop's pieces"),
        sizes: text("the label of a piece's list of sizes, for screen readers"),
        quantity: template("how many pieces one size has", { count: "the number of pieces goes there" }),
        quantityOne: text('said of a size with a single piece, like "1 piece"'),
        total: template("how many pieces a drop has in all", { count: "the number of pieces goes there" }),
      },
      "the pieces of a drop",
    ),
    window: record(
      {
        heading: text("the heading above the entry window's times"),
        opens: text("the label of when entries open"),
        closes: text("the label of when entries close"),
        results: text("the label of when the results are out"),
        utcNote: text("the line under the times as the page is first sent: they are in UTC"),
        localNote: template("the line under the times once they are shown in the visitor's own time zone", { zone: "the visitor's time zone goes there" }),
      },
      "the entry window",
    ),
    countdown: record(
      {
        toOpen: text("the label of the countdown until entries open"),
        toClose: text("the label of the countdown until entries close"),
        toResults: text("the label of the countdown until the results"),
        over: longText("what shows in place of the countdown once the results are out"),
        days: text('the word under the days of the countdown, like "days"'),
        hours: text('the word under the hours of the countdown, like "hours"'),
        minutes: text('the word under the minutes of the countdown, like "min"'),
        seconds: text('the word under the seconds of the countdown, like "sec"'),
      },
      "the countdown",
    ),
    how: record(
      {
        heading: text('the heading of "how it works"'),
        steps: paragraphs("the steps of a drop, one paragraph each: who may enter, choosing a size, the draw"),
        bonus: template("the sentence about bonus tickets for confirmed referrals", {
          perReferral: "the tickets each confirmed referral adds go there",
          maxBonus: "the most bonus tickets go there",
          maxTickets: "the most tickets one entry can hold go there",
        }),
        noBonus: longText("said instead of the bonus sentence when a drop gives no bonus tickets"),
        redeem: template("the sentence about how long a winner has to use their code", { redeemDays: "the number of days goes there" }),
      },
      'the "how it works" section',
    ),
    details: pieceDetailsCopy,
    action: dropActionCopy,
    enter: record(
      {
        text: template("where to enter: from the status page, and the age requirement", { minimumAge: "the minimum age from drops.json goes there" }),
        joinLink: text("the label of the link to the signup section, for people not on the list yet"),
      },
      "where to enter",
    ),
    check: record(
      {
        heading: text('the heading of "how to check the draw"'),
        paragraphs: paragraphs(
          "the draw in plain words: the seed's hash and the beacon round before, the entry list's hash at close, the beacon's value and the seed after, and how anyone can recompute the winners",
        ),
      },
      'the "how to check the draw" section',
    ),
    commitment: record(
      {
        heading: text("the heading of the commitment as the site was built with it"),
        intro: longText("the line under that heading: this is fixed before entries open and comes with the page itself"),
        none: longText("what the section says before the drop's commitment is published"),
        seedHash: text("the label of the seed's hash"),
        beacon: text("the label of the beacon round the draw waits for"),
        round: template("the beacon round, named", { chain: "the beacon chain's name goes there", round: "the round's number goes there" }),
        beaconAt: text("the label of when the beacon round's value comes out"),
        committedAt: text("the label of when the commitment was made"),
      },
      "the drop's commitment, as published with the site",
      { typeName: "DropCommitmentCopy" },
    ),
    live: record(
      {
        heading: text("the heading of the draw's live record"),
        intro: longText("the line under that heading: what the record is and where it comes from"),
        loading: text("what the section says while it reads the record"),
        unavailable: longText("what the section says when there is no record yet (or the site cannot be reached)"),
        phase: text("the label of the drop's stage"),
        phases: dropPhaseNames("the names of the drop's stages"),
        seedHash: text("the label of the seed's hash"),
        committedAt: text("the label of when the seed's hash was published"),
        beacon: text("the label of the beacon round's value the draw used"),
        notYet: text("said of a value that is not published yet"),
        entrants: text("the heading of the table of entrants per size"),
        size: text("the size column's heading"),
        stock: text("the pieces column's heading"),
        entries: text("the entrants column's heading"),
        listHash: text("the label of the entry list's hash"),
        frozenAt: text("the label of when the entries were frozen"),
        listLink: text("the label of the link to the entry list"),
        seed: text("the label of the revealed seed"),
        drawnAt: text("the label of when the draw was made"),
        winners: text("the heading of the winners per size"),
        winnersOf: template("the line that opens one size's winners", { size: "the size goes there", count: "the number of winners goes there" }),
        promoted: template("the line that opens one size's entries from the reserve list", { size: "the size goes there", count: "their number goes there" }),
        idsNote: longText("the line under the winners' heading: entries are shown by their pseudonymous id, which each person finds on their status page"),
        verify: record(
          {
            button: text("the label of the button that checks the draw in the browser"),
            checking: text("what the button says while the check runs"),
            intro: longText("the line above that button: what the check does"),
            match: longText("what the page says when the published winners match the recomputed draw"),
            mismatch: longText("what the page says above the problems when they do not match"),
            failed: longText("what the page says when the entry list could not be downloaded"),
          },
          "checking the draw in the browser",
        ),
      },
      "the draw's live record",
    ),
    noscript: template("the line shown to browsers without JavaScript, with the link to the record", { link: "the link to the record goes there" }),
  },
  "the drop page",
)
