/** content/drops.json: the drops, limited pieces handed out by a draw. */
import { z } from "zod"
import { contentFile, formatted, image, instant, labelled, listOf, longText, record, slug, text, wholeNumber, yesNo } from "../fields"
import { type SchemaOptions } from "./shared"
import { beaconChain, commitmentsHold, dropCommitment } from "../drop-beacon"
import { currency, dropLabel, pieceFront, sizeFront } from "./drop-front"

/** How many drops, pieces per drop and sizes per piece the drop page has room for. */
export const DROP_LIMITS = { drops: 10, pieces: 6, sizes: 12 } as const

/** A size's label as entries name it ("hoodie/M"): letters and digits first, then also spaces, ".", "+" and "-". */
const SIZE_LABEL = /^[A-Za-z0-9][A-Za-z0-9 .+-]{0,19}$/

/**
 * Flags every item whose `field` (as `normalise` reads it) an earlier item has already, at
 * `[index, field]`. Items whose field is not text have their own message and are skipped.
 */
const uniqueBy =
  (field: string, message: (value: string, firstIndex: number) => string, normalise: (value: string) => string = (value) => value) =>
  (items: unknown[], context: z.RefinementCtx) => {
    const first = new Map<string, number>()
    items.forEach((item, index) => {
      const value = typeof item === "object" && item !== null ? (item as Record<string, unknown>)[field] : undefined
      if (typeof value !== "string") return
      const earlier = first.get(normalise(value))
      if (earlier === undefined) first.set(normalise(value), index)
      else context.addIssue({ code: "custom", path: [index, field], message: message(value, earlier) })
    })
  }

const dropSize = record(
  {
    label: formatted(
      'the size\'s name as people choose it, like "M" or "One size"',
      SIZE_LABEL,
      'must start with a letter or digit and hold only letters, digits, spaces, ".", "+" and "-", at most 20, like "M" or "One size"',
    ),
    quantity: labelled(wholeNumber("how many pieces of this size the drop has (the draw picks this many winners)", { min: 1, max: 100_000 }), "Pieces"),
    ...sizeFront,
  },
  "a size",
  { typeName: "DropSize" },
)

const dropPiece = (imageExists: SchemaOptions["imageExists"]) =>
  record(
    {
      id: slug('the piece\'s short name in addresses and entries, like "hoodie"'),
      name: text("the piece's name"),
      description: longText("one or two lines about the piece"),
      image: image("every piece needs a picture path like images/drop-hoodie.jpg", imageExists),
      alt: labelled(text("every piece needs alt text for screen readers"), "Alt text (what the picture shows)"),
      sizes: listOf(dropSize, { min: 1, max: DROP_LIMITS.sizes, noun: "sizes", why: "a piece comes in 1 to 12 sizes" }).superRefine(
        uniqueBy(
          "label",
          (label, first) => `"${label}" is already size ${first + 1}'s label - each size of a piece needs its own label`,
          (label) => label.trim().toLowerCase(),
        ),
      ),
      ...pieceFront,
    },
    "a piece",
    { typeName: "DropPiece" },
  )

const VALID_INSTANT = z.iso.datetime()

/** A message for a window time that is not after the one before it. */
const outOfOrder = (field: string, value: string, before: string, beforeValue: string, why: string): string =>
  `is ${value}, ${field === "closesAt" ? "not after" : "before"} ${before} (${beforeValue}) - ${why}`

const drop = (imageExists: SchemaOptions["imageExists"]) =>
  record(
    {
      id: slug('the drop\'s short name in addresses and entries, like "drop-01"; never change it once entries open'),
      name: text('the drop\'s name, like "Drop 01: Block Heavyweight"'),
      label: dropLabel,
      summary: longText("one or two lines about the drop"),
      opensAt: labelled(instant("when entries open, in UTC", "2026-12-04T17:00:00Z"), "Entries open (UTC)"),
      closesAt: labelled(instant("when entries close, in UTC; after they open", "2026-12-06T17:00:00Z"), "Entries close (UTC)"),
      resultsAt: labelled(instant("when the draw's results are out, in UTC; at or after the close", "2026-12-07T17:00:00Z"), "Results (UTC)"),
      redeemDays: labelled(
        wholeNumber("how many days a winner has to use their code before it passes to the next person on the reserve list", { min: 1, max: 30 }),
        "Days to use a winning code",
      ),
      bonus: record(
        {
          ticketsPerReferral: wholeNumber("the bonus tickets each confirmed referral adds to an entry (0: none)", { min: 0, max: 10 }),
          maxBonusTickets: wholeNumber("the most bonus tickets one entry can hold (0: none)", { min: 0, max: 20 }),
        },
        "the bonus tickets for confirmed referrals (every entry holds 1 ticket, plus these)",
        { typeName: "DropBonus" },
      ),
      announcement: record(
        {
          show: yesNo("whether Home shows a short note about this drop with a link to the drop page"),
          text: longText("the note on Home"),
        },
        "the note about this drop on Home",
        { typeName: "DropAnnouncement" },
      ),
      pieces: listOf(dropPiece(imageExists), { min: 1, max: DROP_LIMITS.pieces, noun: "pieces", why: "a drop has 1 to 6 pieces" }).superRefine(
        uniqueBy("id", (id, first) => `"${id}" is already piece ${first + 1}'s id - each piece of a drop needs its own id`),
      ),
      commitment: dropCommitment.optional(),
    },
    "a drop",
    { typeName: "Drop" },
  ).superRefine((value, context) => {
    // Only times that are themselves valid are compared: a broken one has its own message.
    const time = (iso: unknown): number => (typeof iso === "string" && VALID_INSTANT.safeParse(iso).success ? Date.parse(iso) : Number.NaN)
    const { opensAt, closesAt, resultsAt } = value
    if (time(closesAt) <= time(opensAt)) {
      context.addIssue({
        code: "custom",
        path: ["closesAt"],
        message: outOfOrder("closesAt", closesAt, "opensAt", opensAt, "entries must close after they open"),
      })
    }
    if (time(resultsAt) < time(closesAt)) {
      context.addIssue({
        code: "custom",
        path: ["resultsAt"],
        message: outOfOrder("resultsAt", resultsAt, "closesAt", closesAt, "the results come at or after the close"),
      })
    }
  })

const dropList = (imageExists: SchemaOptions["imageExists"]) =>
  listOf(drop(imageExists), { min: 0, max: DROP_LIMITS.drops, noun: "drops", why: "the drop page has room for at most 10 drops" })
    .superRefine(uniqueBy("id", (id, first) => `"${id}" is already drop ${first + 1}'s id - every drop needs its own id (entries and the draw are kept by it)`))
    .describe("the drops, each with its entry window, bonus rule and pieces")

export const drops = ({ imageExists }: SchemaOptions) =>
  contentFile(
    {
      minimumAge: labelled(
        wholeNumber("the minimum age to enter a drop, in whole years; the drop page and the entry form say it", { min: 13, max: 21 }),
        "Minimum age to enter",
      ),
      notThisTimeEmail: labelled(
        yesNo("whether people who entered a drop and did not win get a short email saying so (emails.json, dropNotThisTime)"),
        "Email people who did not win",
      ),
      beacon: beaconChain,
      currency,
      drops: dropList(imageExists),
    },
    "the drops: limited pieces handed out by a draw",
  ).superRefine(commitmentsHold)
