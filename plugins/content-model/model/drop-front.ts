/**
 * The content that puts a drop up front: what each piece costs and looks like with its size guide
 * (drops.json), the drop's short name in the header, menu and footer, and the drop page's words
 * for a piece's details, the action that fits the visitor's stage and the check before the draw
 * (pages/drop.json), and the drop link's words (ui.json). Each size carries its own line of the
 * size guide, so a guide can never name a size the piece does not have.
 */
import { formatted, labelled, longText, record, template, text, wholeNumber } from "../fields"

/** The currency codes this Node (and so the build's price formatting) knows. */
const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf("currency"))

/** drops.json: the currency every piece's price is in. */
export const currency = labelled(
  formatted(
    'the currency of the pieces\' prices, as a three-letter code like "EUR"',
    /^[A-Z]{3}$/,
    'must be a three-letter currency code in capitals, like "EUR"',
  ).refine((code) => KNOWN_CURRENCIES.has(code), {
    error: (issue) => `"${String(issue.input)}" is not a known currency code - use one like "EUR", "GBP" or "USD"`,
  }),
  "Currency",
)

/** A drop's short name where there is little room: the header, the menu and the footer. */
export const dropLabel = labelled(text('the drop\'s short name in the header, the menu and the footer, like "Drop 01"'), "Short name")

/** drops.json: a size's fields beside its label and pieces: its line in the piece's size guide. */
export const sizeFront = {
  measurements: labelled(text('this size\'s measurements for the size guide, like "Chest 58 cm, length 68 cm, sleeve 58 cm"'), "Measurements"),
}

/** drops.json: a piece's fields beside its name, picture and sizes. */
export const pieceFront = {
  price: labelled(wholeNumber("the piece's price in whole units of the currency (drops.json, currency), like 89", { min: 1, max: 100_000 }), "Price"),
  colourway: labelled(text('the piece\'s colours, like "Black / lime"'), "Colourway"),
  fit: labelled(longText('a line or two on the fit, atop the size guide, like "Boxy and dropped at the shoulder: take your usual size"'), "Fit"),
}

/** pages/drop.json: the labels of a piece's details. */
export const pieceDetailsCopy = record(
  {
    price: text("the label of a piece's price, for screen readers"),
    colourway: text('the label of a piece\'s colours, like "Colourway"'),
    sizeGuide: text("the label that opens a piece's size guide"),
    size: text("the heading of the size guide's first column"),
    measurements: text("the heading of the size guide's column of measurements"),
  },
  "the labels of a piece's price, colours and size guide",
  { typeName: "DropPieceDetailsCopy" },
)

/** pages/drop.json: the one action for the visitor's stage, by the countdown and in the phone's sticky bar. */
export const dropActionCopy = record(
  {
    label: text("the name of the bar at the foot of a phone's screen with the countdown and the action, for screen readers"),
    join: text("the action before entries open, for people not known to be on the list: join it"),
    enter: text("the action while entries are open: enter the draw from the status page"),
    entered: template("what the action says once the reader's entry is in", { size: "the entered size goes there" }),
    checkOpens: template("the line beside the disabled check button before the draw", { time: "when the results are out goes there" }),
  },
  "the action that fits the visitor's stage, and the check before the draw",
  { typeName: "DropActionCopy" },
)

/** ui.json: the drop link in the header, the menu and the footer, with its stage. */
export const dropLinkCopy = record(
  {
    before: template("the drop link's line before entries open", { countdown: 'the time left, like "6d 4h", goes there' }),
    open: text("the drop link's line while entries are open"),
    closed: text("the drop link's line between the close and the results"),
    results: text("the drop link's line once the results are out"),
    days: text('the unit after a number of days in the short countdown, like "d"'),
    hours: text('the unit after a number of hours in the short countdown, like "h"'),
    minutes: text('the unit after a number of minutes in the short countdown, like "m"'),
  },
  "the drop link in the header, the menu and the footer (drops.json, label), shown while a drop is announced",
  { typeName: "DropLinkCopy" },
)
