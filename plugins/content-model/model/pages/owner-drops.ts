/** content/pages/owner.json's drops section: each drop's stage, entries, review, seed and draw. */
import { longText, record, template, text } from "../../fields"
import { confirmStep } from "./confirm-step"
import { dropPhaseNames } from "./drop-phases"

/** The {count} of a line about a number of entries. */
const theirNumber = { count: "their number goes there" }

export const ownerDrops = record(
  {
    heading: text("the heading of the drops"),
    intro: longText("the line under that heading: what the owner does for each drop (commit the seed before entries open, run the draw after they close)"),
    stock: longText("how invitations to the shop and a drop's draw share the stock: what each takes, so the owner plans both"),
    loading: text("what the section says while it reads the drops"),
    failed: text("what the section says when the drops could not be read"),
    none: text("what the section says when no drop is declared in drops.json"),
    phase: text("the label of a drop's stage, for screen readers"),
    phases: dropPhaseNames("the names of a drop's stages"),
    opens: text("the label of when entries open"),
    closes: text("the label of when entries close"),
    results: text("the label of when the results are promised"),
    entrants: text("the caption of the table of entrants per size"),
    size: text("the size column's heading"),
    pieces: text("the pieces column's heading"),
    entries: text("the entrants column's heading"),
    winners: text("the winners column's heading (after the draw)"),
    byDay: text("the caption of the table of entries per size per day (UTC days)"),
    day: text("the day column's heading in that table"),
    noEntries: text("what the section says while a drop has no entries"),
    seedHash: text("the label of the seed's published hash"),
    listHash: text("the label of the entry list's published hash"),
    notYet: text("said of a hash that is not published yet"),
    verifyLink: text("the label of the link to the drop page, where anyone can check the draw"),
    beacon: text("the label of the beacon round the draw waits for"),
    beaconRound: template("the beacon round, with when its value comes out", {
      chain: "the beacon chain's name goes there",
      round: "the round's number goes there",
      time: "when its value comes out goes there",
    }),
    publish: record(
      {
        heading: text("the heading shown while the built site does not carry the drop's commitment yet"),
        text: longText(
          "what the owner does: run npm run drop:commit (it writes the commitment into drops.json) or paste it, then build and deploy; entries stay closed until then",
        ),
        snippet: text("the label of the commitment to paste into drops.json, under the drop"),
      },
      "putting a drop's commitment into the site",
    ),
    review: record(
      {
        heading: template("the heading of the entries waiting for the owner's review", theirNumber),
        intro: longText(
          "what the review is: entries from people who joined after the drop was announced, grouped where they share a network or an email domain",
        ),
        clusters: text("the heading of the groups of entries that share a network or a domain"),
        network: template("a group's name when its entries came from one network", { number: "the network's number goes there" }),
        domain: template("a group's name when its entries share an email domain", { domain: "the domain goes there" }),
        entries: template("how many entries a group holds", theirNumber),
        all: text("the name of the group of every waiting entry"),
        letIn: text("the label of the button that lets a group's entries into the draw"),
        leaveOut: text("the label of the button that leaves a group's entries out of the draw"),
        letInDone: template("what the page says once entries were let in", theirNumber),
        leaveOutDone: template("what the page says once entries were left out", theirNumber),
        failed: text("what the page says when the review did not go through"),
        entry: text("the entry column's heading"),
        size: text("the size column's heading"),
        signedUp: text("the column's heading of when the person joined the list"),
        networkColumn: text("the network column's heading"),
        domainColumn: text("the email domain column's heading"),
      },
      "the review of entries from people who joined after a drop was announced",
    ),
    commit: record(
      {
        text: longText("what committing does: a new secret seed, its hash published before entries open, the seed shown once"),
        button: text("the label of the button that asks to commit the seed"),
        confirmStep: confirmStep("committing the seed"),
        conflict: text("what the page says when the seed cannot be committed any more (committed already, or entries have opened)"),
        seedHeading: text('the heading above the seed, shown once, like "Save this seed now"'),
        seedText: longText("what the owner reads above the seed: it is shown this once, and the draw needs it"),
        seedKept: longText("said under the seed when this server keeps a copy of it too"),
        seedNotKept: longText("said under the seed when this server does not keep it: without the saved seed there is no draw"),
        download: text("the label of the button that downloads the seed as a file"),
        dismiss: text("the label of the button that hides the seed once saved"),
      },
      "committing a drop's seed",
    ),
    draw: record(
      {
        text: longText("what running the draw does: the seed is revealed, winners get their codes, everyone else an email"),
        button: text("the label of the button that asks to run the draw"),
        confirmStep: confirmStep("the draw"),
        seedLabel: text("the label of the field for the saved seed (when this server does not keep it)"),
        seedHint: longText("the line under that field: where the seed is (the file downloaded when it was committed)"),
        seedMissing: text("what the page says when the seed is needed and the field is empty"),
        seedMismatch: text("what the page says when the seed does not match the hash published before entries opened"),
        conflict: text("what the page says when the drop cannot be drawn now (not closed yet, not committed, or drawn already)"),
        done: template("what the page says once the draw has run", { count: "the number of winners goes there" }),
        beaconNotYet: template("what the page says when the beacon round's value is not out yet", { time: "when it comes out goes there" }),
        beaconUnreachable: template("what the page says when the beacon round's value could not be fetched (the owner may paste it)", {
          round: "the round's number goes there",
        }),
        beaconLabel: template("the label of the field for the beacon round's signature, pasted by hand", { round: "the round's number goes there" }),
        beaconInvalid: template("what the page says when the pasted value is not that round's, signed by the beacon's key", {
          round: "the round's number goes there",
        }),
      },
      "running a drop's draw",
    ),
  },
  "the drops: each drop's stage, entries, and the seed and draw",
)
