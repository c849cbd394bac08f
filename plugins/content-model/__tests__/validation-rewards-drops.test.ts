// validateContentDir on reward tiers and drops: one broken thing in a copy of content/ each.
import { REAL_CONTENT_DIR, fieldAt, readJson, removeCopies, setField, type FieldPath } from "../../../test/fixtures/content-fixture"
import { remove, reportsEach, set, withoutPlaceholder, type Edit, type Mistake } from "./content-edits"

afterEach(removeCopies)

describe("validateContentDir: reward tiers and drops in a copy of content/", () => {
  const MISTAKES: Mistake[] = [
    // Reward tiers: positive whole numbers of friends, from fewest to most, each once
    ...((): Array<[string, Edit, string[]]> => {
      const friends = "how many friends must join through someone's link (and confirm) to unlock this reward"
      return [
        [
          "a tier of 0 friends",
          set("rewards.json", ["tiers", 0, "referrals"], 0),
          [`content/rewards.json: tiers[0].referrals is too small - ${friends} (at least 1)`],
        ],
        [
          "a tier of half a friend",
          set("rewards.json", ["tiers", 1, "referrals"], 2.5),
          [`content/rewards.json: tiers[1].referrals must be a whole number - ${friends}`],
        ],
        [
          "a number of friends in quotes",
          set("rewards.json", ["tiers", 1, "referrals"], "3"),
          [`content/rewards.json: tiers[1].referrals must be a number without quotes - ${friends}`],
        ],
        [
          "two tiers of the same number of friends",
          set("rewards.json", ["tiers", 1, "referrals"], 1),
          ["content/rewards.json: tiers[1].referrals is 1, the same as the tier before it - each tier needs its own number of friends"],
        ],
        [
          "tiers out of order",
          set("rewards.json", ["tiers", 2, "referrals"], 2),
          ["content/rewards.json: tiers[2].referrals is 2, fewer than the tier before it (3) - list the tiers from fewest to most friends"],
        ],
        [
          "a tier without a reward",
          set("rewards.json", ["tiers", 2, "reward"], ""),
          ['content/rewards.json: tiers[2].reward is empty - the reward\'s name, like "A sticker pack"'],
        ],
        [
          "seven tiers",
          (dir) =>
            setField(
              dir,
              "rewards.json",
              ["tiers"],
              Array.from({ length: 7 }, (_, index) => ({ referrals: index + 1, reward: "A sticker", description: "One more." })),
            ),
          ["content/rewards.json: tiers has 7 tiers - the status page has room for at most 6"],
        ],
        [
          "the leaderboard setting in quotes",
          set("rewards.json", ["showLeaderboard"], "yes"),
          [
            "content/rewards.json: showLeaderboard must be true or false without quotes - whether the status page shows the top 10 referrers, their addresses masked like j***@g***.com (no one below 3 friends)",
          ],
        ],
      ]
    })(),
    // Drops: ages, windows in UTC and in order, ids unique, lists within bounds
    ...((): Array<[string, Edit, string[]]> => {
      const drops = "drops.json"
      const at = (...path: FieldPath): FieldPath => ["drops", 0, ...path]
      const hoodie = (...path: FieldPath): FieldPath => at("pieces", 0, ...path)
      const age = "the minimum age to enter a drop, in whole years; the drop page and the entry form say it"
      const redeem = "how many days a winner has to use their code before it passes to the next person on the reserve list"
      const quantity = "how many pieces of this size the drop has (the draw picks this many winners)"
      const price = "the piece's price in whole units of the currency (drops.json, currency), like 89"
      const colourway = 'the piece\'s colours, like "Black / lime"'
      const measurements = 'this size\'s measurements for the size guide, like "Chest 58 cm, length 68 cm, sleeve 58 cm"'
      const fit = 'a line or two on the fit, atop the size guide, like "Boxy and dropped at the shoulder: take your usual size"'
      const label = 'the drop\'s short name in the header, the menu and the footer, like "Drop 01"'
      const slugRule = 'must be lowercase letters, digits and hyphens (not first or last), at most 40, like "drop-01"'
      const piece = (id: string) => ({ ...(fieldAt(readJson(REAL_CONTENT_DIR, drops), hoodie()) as object), id })
      return [
        ["a minimum age under 13", set(drops, ["minimumAge"], 12), [`content/drops.json: minimumAge is too small - ${age} (at least 13)`]],
        ["a minimum age over 21", set(drops, ["minimumAge"], 22), [`content/drops.json: minimumAge is too large - ${age} (at most 21)`]],
        ["a minimum age of 16.5", set(drops, ["minimumAge"], 16.5), [`content/drops.json: minimumAge must be a whole number - ${age}`]],
        [
          "the not-this-time email setting in quotes",
          set(drops, ["notThisTimeEmail"], "yes"),
          [
            "content/drops.json: notThisTimeEmail must be true or false without quotes - whether people who entered a drop and did not win get a short email saying so (emails.json, dropNotThisTime)",
          ],
        ],
        ...[
          ["an opening time in words", "opensAt", "4 December 2026, 17:00", "2026-12-04T17:00:00Z"],
          ["a closing time with an offset instead of Z", "closesAt", "2026-12-06T18:00:00+01:00", "2026-12-06T17:00:00Z"],
          ["a results time without seconds", "resultsAt", "2026-12-07T17:00Z", "2026-12-07T17:00:00Z"],
          ["a day that does not exist", "opensAt", "2026-11-31T17:00:00Z", "2026-12-04T17:00:00Z"],
        ].map(([mistake, field, value, example]): Mistake => [
          mistake,
          set(drops, at(field), value),
          [`content/drops.json: drops[0].${field} "${value}" is not a time in UTC - write it like "${example}" (date, T, hours:minutes:seconds, Z)`],
        ]),
        ...[
          ["entries closing before they open", "2026-12-03T17:00:00Z"],
          ["entries closing the moment they open", "2026-12-04T17:00:00Z"],
        ].map(([mistake, closesAt]): Mistake => [
          mistake,
          set(drops, at("closesAt"), closesAt),
          [`content/drops.json: drops[0].closesAt is ${closesAt}, not after opensAt (2026-12-04T17:00:00Z) - entries must close after they open`],
        ]),
        [
          "results before the close",
          set(drops, at("resultsAt"), "2026-12-06T16:59:59Z"),
          ["content/drops.json: drops[0].resultsAt is 2026-12-06T16:59:59Z, before closesAt (2026-12-06T17:00:00Z) - the results come at or after the close"],
        ],
        ["no days to use a winning code", set(drops, at("redeemDays"), 0), [`content/drops.json: drops[0].redeemDays is too small - ${redeem} (at least 1)`]],
        ["31 days to use a winning code", set(drops, at("redeemDays"), 31), [`content/drops.json: drops[0].redeemDays is too large - ${redeem} (at most 30)`]],
        [
          "11 bonus tickets per referral",
          set(drops, at("bonus", "ticketsPerReferral"), 11),
          [
            "content/drops.json: drops[0].bonus.ticketsPerReferral is too large - the bonus tickets each confirmed referral adds to an entry (0: none) (at most 10)",
          ],
        ],
        [
          "a negative bonus cap",
          set(drops, at("bonus", "maxBonusTickets"), -1),
          ["content/drops.json: drops[0].bonus.maxBonusTickets is too small - the most bonus tickets one entry can hold (0: none) (at least 0)"],
        ],
        ["a drop id with capitals and a space", set(drops, at("id"), "Drop 01"), [`content/drops.json: drops[0].id ${slugRule}`]],
        ["a drop id ending in a hyphen", set(drops, at("id"), "drop-"), [`content/drops.json: drops[0].id ${slugRule}`]],
        [
          "two drops with one id",
          (dir) => setField(dir, drops, ["drops", 1], fieldAt(readJson(dir, drops), ["drops", 0])),
          ['content/drops.json: drops[1].id "drop-01" is already drop 1\'s id - every drop needs its own id (entries and the draw are kept by it)'],
        ],
        [
          "eleven drops",
          (dir) => {
            const first = fieldAt(readJson(dir, drops), ["drops", 0]) as object
            setField(
              dir,
              drops,
              ["drops"],
              Array.from({ length: 11 }, (_, index) => ({ ...first, id: `drop-${index + 1}` })),
            )
          },
          ["content/drops.json: drops has 11 drops - the drop page has room for at most 10 drops"],
        ],
        ["a drop without pieces", set(drops, at("pieces"), []), ["content/drops.json: drops[0].pieces is an empty list - a drop has 1 to 6 pieces"]],
        [
          "seven pieces",
          set(
            drops,
            at("pieces"),
            ["a", "b", "c", "d", "e", "f", "g"].map((id) => piece(id)),
          ),
          ["content/drops.json: drops[0].pieces has 7 pieces - a drop has 1 to 6 pieces"],
        ],
        [
          "two pieces with one id",
          set(drops, at("pieces", 1, "id"), "hoodie"),
          ['content/drops.json: drops[0].pieces[1].id "hoodie" is already piece 1\'s id - each piece of a drop needs its own id'],
        ],
        [
          "a piece picture that does not exist",
          set(drops, hoodie("image"), "images/drop-tee.jpg"),
          [
            'content/drops.json: drops[0].pieces[0].image "images/drop-tee.jpg" does not exist - put the picture in content/images/ and write its path like "images/my-photo.jpg"',
          ],
        ],
        [
          "a piece without alt text",
          set(drops, hoodie("alt"), " "),
          ["content/drops.json: drops[0].pieces[0].alt is empty - every piece needs alt text for screen readers"],
        ],
        [
          "a piece without sizes",
          set(drops, hoodie("sizes"), []),
          ["content/drops.json: drops[0].pieces[0].sizes is an empty list - a piece comes in 1 to 12 sizes"],
        ],
        [
          "thirteen sizes",
          set(
            drops,
            hoodie("sizes"),
            Array.from({ length: 13 }, (_, index) => ({ label: `${index + 1}`, quantity: 1 })),
          ),
          ["content/drops.json: drops[0].pieces[0].sizes has 13 sizes - a piece comes in 1 to 12 sizes"],
        ],
        [
          "two sizes named alike, whatever their capitals",
          set(drops, hoodie("sizes", 1, "label"), "s"),
          ['content/drops.json: drops[0].pieces[0].sizes[1].label "s" is already size 1\'s label - each size of a piece needs its own label'],
        ],
        [
          "a size label with a slash",
          set(drops, hoodie("sizes", 3, "label"), "XL/XXL"),
          [
            'content/drops.json: drops[0].pieces[0].sizes[3].label must start with a letter or digit and hold only letters, digits, spaces, ".", "+" and "-", at most 20, like "M" or "One size"',
          ],
        ],
        [
          "a size of no pieces",
          set(drops, hoodie("sizes", 0, "quantity"), 0),
          [`content/drops.json: drops[0].pieces[0].sizes[0].quantity is too small - ${quantity} (at least 1)`],
        ],
        // The drop up front: price, colourway, size guide, currency, short name
        ["a price in quotes", set(drops, hoodie("price"), "89"), [`content/drops.json: drops[0].pieces[0].price must be a number without quotes - ${price}`]],
        ["a price of nothing", set(drops, hoodie("price"), 0), [`content/drops.json: drops[0].pieces[0].price is too small - ${price} (at least 1)`]],
        ["a piece without its colourway", remove(drops, hoodie("colourway")), [`content/drops.json: drops[0].pieces[0].colourway is missing - ${colourway}`]],
        [
          "a currency in words",
          set(drops, ["currency"], "euro"),
          ['content/drops.json: currency must be a three-letter currency code in capitals, like "EUR"'],
        ],
        [
          "a currency code nobody uses",
          set(drops, ["currency"], "ABC"),
          ['content/drops.json: currency "ABC" is not a known currency code - use one like "EUR", "GBP" or "USD"'],
        ],
        ["a drop without its short name", remove(drops, at("label")), [`content/drops.json: drops[0].label is missing - ${label}`]],
        [
          "a size without its measurements",
          set(drops, hoodie("sizes", 1, "measurements"), ""),
          [`content/drops.json: drops[0].pieces[0].sizes[1].measurements is empty - ${measurements}`],
        ],
        ["a piece without a line on its fit", remove(drops, hoodie("fit")), [`content/drops.json: drops[0].pieces[0].fit is missing - ${fit}`]],
        [
          "the drop link's line without its countdown",
          ...withoutPlaceholder("ui.json", "dropLink.before", "opens soon", '{countdown} - the time left, like "6d 4h", goes there'),
        ],
        [
          "the action once entered without its size",
          ...withoutPlaceholder("pages/drop.json", "action.entered", "You're in", "{size} - the entered size goes there"),
        ],
        [
          "a drop email without its deadline",
          ...withoutPlaceholder(
            "emails.json",
            "dropWon.text",
            "The draw picked you for {drop}: {size}.",
            "{deadline} - the last day and time to use the code goes there",
          ),
        ],
        [
          "the drop page's bonus sentence without its most tickets",
          ...withoutPlaceholder(
            "pages/drop.json",
            "how.bonus",
            "Each friend adds {perReferral}, up to {maxBonus}.",
            "{maxTickets} - the most tickets one entry can hold go there",
          ),
        ],
      ]
    })(),
  ]

  reportsEach(MISTAKES)
})
