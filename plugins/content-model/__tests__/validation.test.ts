import { copyFileSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { CONTENT_FILES, createContentSchemas } from "../model"
import { checkContentSource, findJsonErrorOffset, formatContentReport, formatFieldPath, lineAndColumn, validateContentDir } from "../validation"
import {
  REAL_CONTENT_DIR,
  copyContent,
  fieldAt,
  fieldPaths,
  readFixture,
  readJson,
  removeCopies,
  removeField,
  setField,
  withField,
  withoutField,
  type FieldPath,
} from "../../../test/fixtures/content-fixture"

afterEach(removeCopies)

/** A stack trace line as Node prints it: "    at fn (file:line:col)". */
const STACK_LINE = /^\s*at\s/m

const expectEditorMessages = (messages: string[], expected: string[]) => {
  expect(messages).toEqual(expected)
  for (const message of messages) {
    expect(message).not.toMatch(STACK_LINE)
    expect(message).not.toContain("\n")
    expect(message).not.toMatch(/Error:|ZodError|Invalid input/)
  }
}

describe("the real content folder", () => {
  it("passes with no messages", () => {
    expect(validateContentDir(REAL_CONTENT_DIR)).toEqual([])
  })
})

describe("validateContentDir: one broken thing in a copy of content/", () => {
  /** A change an editor might make to a copy of content/. */
  type Edit = (dir: string) => void
  const set =
    (file: string, path: FieldPath, value: unknown): Edit =>
    (dir) =>
      setField(dir, file, path, value)
  const remove =
    (file: string, path: FieldPath): Edit =>
    (dir) =>
      removeField(dir, file, path)
  /** Appends a copy of the list's first item, making it one longer. */
  const addCopyOfFirst =
    (file: string, list: string): Edit =>
    (dir) =>
      setField(dir, file, [list, 3], fieldAt(readJson(dir, file), [list, 0]))
  const rename =
    (file: string, path: FieldPath, newKey: string): Edit =>
    (dir) => {
      const data = readJson(dir, file)
      const moved = withField(withoutField(data, path), [...path.slice(0, -1), newKey], fieldAt(data, path))
      writeFileSync(join(dir, file), JSON.stringify(moved, null, 2))
    }

  const MISTAKES: Array<[mistake: string, edit: Edit, messages: string[]]> = [
    // List lengths
    ["2 slides", remove("slides.json", ["slides", 2]), ["content/slides.json: slides has 2 slides - there must be exactly 3 slides"]],
    ["4 slides", addCopyOfFirst("slides.json", "slides"), ["content/slides.json: slides has 4 slides - there must be exactly 3 slides"]],
    ...[
      ["categories.json", "categories", "category cards"],
      ["values.json", "values", "value cards"],
      ["reassurances.json", "reassurances", "reassurance points"],
    ].flatMap(([file, list, noun]): Array<[string, Edit, string[]]> => [
      [`2 items in ${file}`, remove(file, [list, 2]), [`content/${file}: ${list} has 2 ${noun} - there must be exactly 3 ${noun}`]],
      [`4 items in ${file}`, addCopyOfFirst(file, list), [`content/${file}: ${list} has 4 ${noun} - there must be exactly 3 ${noun}`]],
    ]),
    ["an empty list of slides once", set("slides.json", ["slides"], []), ["content/slides.json: slides has 0 slides - there must be exactly 3 slides"]],
    [
      "text where the list of slides belongs, not also as a count",
      set("slides.json", ["slides"], "images/slide-home.jpg"),
      ["content/slides.json: slides must be a list [ ... ] of slides"],
    ],
    // Missing and empty texts
    [
      "an empty alt text",
      set("slides.json", ["slides", 1, "alt"], ""),
      ["content/slides.json: slides[1].alt is empty - every slide needs alt text for screen readers"],
    ],
    [
      "an alt text of only spaces as empty",
      set("slides.json", ["slides", 2, "alt"], "   \n "),
      ["content/slides.json: slides[2].alt is empty - every slide needs alt text for screen readers"],
    ],
    [
      "a missing alt text",
      remove("slides.json", ["slides", 1, "alt"]),
      ["content/slides.json: slides[1].alt is missing - every slide needs alt text for screen readers"],
    ],
    ["an empty caption", set("slides.json", ["slides", 0, "caption"], ""), ["content/slides.json: slides[0].caption is empty - every slide needs a caption"]],
    [
      "an empty card title",
      set("categories.json", ["categories", 2, "title"], ""),
      ["content/categories.json: categories[2].title is empty - every category card needs a title"],
    ],
    [
      "an empty page title with the page's file and nested field",
      set("pages/about.json", ["seo", "title"], ""),
      ["content/pages/about.json: seo.title is empty - the page title shown in browser tabs and search results"],
    ],
    [
      "a lost placeholder",
      set("ui.json", ["carousel", "slideButton"], "Slide"),
      ["content/ui.json: carousel.slideButton must contain {number} - the slide's number goes there"],
    ],
    // Slide images
    [
      "an image file that does not exist",
      set("slides.json", ["slides", 0, "image"], "images/slide-shoes.jpg"),
      [
        'content/slides.json: slides[0].image "images/slide-shoes.jpg" does not exist - put the picture in content/images/ and write its path like "images/my-photo.jpg"',
      ],
    ],
    [
      "an image that is not a picture, even when the file exists",
      (dir) => {
        writeFileSync(join(dir, "images/notes.txt"), "not a picture")
        setField(dir, "slides.json", ["slides", 1, "image"], "images/notes.txt")
      },
      ['content/slides.json: slides[1].image "images/notes.txt" is not a picture - use a .jpg, .jpeg, .png, .webp or .avif file'],
    ],
    [
      "a missing .txt only as not a picture (one message per mistake)",
      set("slides.json", ["slides", 1, "image"], "images/notes.txt"),
      ['content/slides.json: slides[1].image "images/notes.txt" is not a picture - use a .jpg, .jpeg, .png, .webp or .avif file'],
    ],
    [
      "an empty image path only as empty",
      set("slides.json", ["slides", 2, "image"], ""),
      ["content/slides.json: slides[2].image is empty - every slide needs an image path like images/slide.jpg"],
    ],
    // Names, addresses and links
    [
      "an unknown icon name with the known ones",
      set("values.json", ["values", 0, "icon"], "rocket"),
      ['content/values.json: values[0].icon "rocket" is not a known icon - use one of: tee, cap, home, star, truck, check, badge, bolt, leaf'],
    ],
    [
      "a malformed general email",
      set("site.json", ["emails", "general"], "hello@block94"),
      ['content/site.json: emails.general "hello@block94" is not a valid email address - expected something like hello@block94.com'],
    ],
    [
      "a site address without https://",
      set("site.json", ["siteUrl"], "block94.com"),
      ['content/site.json: siteUrl "block94.com" is not a valid web address - expected a full URL starting with https://'],
    ],
    [
      "a social link with a broken scheme",
      set("site.json", ["social", 1, "url"], "http//x"),
      ['content/site.json: social[1].url "http//x" is not a valid web address - expected a full URL starting with https://'],
    ],
    [
      "an unsupported social network",
      set("site.json", ["social", 0, "network"], "instagram"),
      ['content/site.json: social[0].network "instagram" is not a supported network - use Instagram, Twitter or TikTok'],
    ],
    [
      'a missing social network as missing, not as "undefined"',
      remove("site.json", ["social", 0, "network"]),
      ["content/site.json: social[0].network is missing - use Instagram, Twitter or TikTok"],
    ],
    // JSON and field mistakes
    [
      "broken JSON at the line and column where the comma is missing",
      (dir) => writeFileSync(join(dir, "slides.json"), readFixture("slides-missing-comma.json")),
      [
        "content/slides.json is not valid JSON at line 6, column 98: Expected ',' or '}' after property value - check for a missing or extra comma, quote or bracket near there",
      ],
    ],
    [
      "a misspelt field, naming the allowed fields",
      rename("slides.json", ["slides", 0, "caption"], "captoin"),
      [
        "content/slides.json: slides[0].caption is missing - every slide needs a caption",
        'content/slides.json: slides[0] has an unknown field "captoin" - check the spelling or remove it (allowed fields: image, caption, alt)',
      ],
    ],
    [
      "an extra field at the top of a file without listing $schema as a field to fill",
      set("pages/not-found.json", ["buttn"], "Home"),
      [
        'content/pages/not-found.json: has an unknown field "buttn" - check the spelling or remove it (allowed fields: seo, heading, text, homeButton, contactButton)',
      ],
    ],
    [
      "a number where text is expected",
      set("site.json", ["brand"], 94),
      ['content/site.json: brand must be text in "quotes", not a number - the shop\'s name'],
    ],
    [
      'a number where an email is expected as a type mistake, not as the email "94"',
      set("site.json", ["emails", "business"], 94),
      ['content/site.json: emails.business must be text in "quotes", not a number - the address for business inquiries'],
    ],
    [
      "text where a number of milliseconds is expected",
      set("site.json", ["carousel", "intervalMs"], "6000"),
      ["content/site.json: carousel.intervalMs must be a number without quotes - how long each slide stays, in milliseconds"],
    ],
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
      const notUtc = (value: string, example: string) => `"${value}" is not a time in UTC - write it like "${example}" (date, T, hours:minutes:seconds, Z)`
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
        [
          "an opening time in words",
          set(drops, at("opensAt"), "4 December 2026, 17:00"),
          [`content/drops.json: drops[0].opensAt ${notUtc("4 December 2026, 17:00", "2026-12-04T17:00:00Z")}`],
        ],
        [
          "a closing time with an offset instead of Z",
          set(drops, at("closesAt"), "2026-12-06T18:00:00+01:00"),
          [`content/drops.json: drops[0].closesAt ${notUtc("2026-12-06T18:00:00+01:00", "2026-12-06T17:00:00Z")}`],
        ],
        [
          "a results time without seconds",
          set(drops, at("resultsAt"), "2026-12-07T17:00Z"),
          [`content/drops.json: drops[0].resultsAt ${notUtc("2026-12-07T17:00Z", "2026-12-07T17:00:00Z")}`],
        ],
        [
          "a day that does not exist",
          set(drops, at("opensAt"), "2026-11-31T17:00:00Z"),
          [`content/drops.json: drops[0].opensAt ${notUtc("2026-11-31T17:00:00Z", "2026-12-04T17:00:00Z")}`],
        ],
        [
          "entries closing before they open",
          set(drops, at("closesAt"), "2026-12-03T17:00:00Z"),
          ["content/drops.json: drops[0].closesAt is 2026-12-03T17:00:00Z, not after opensAt (2026-12-04T17:00:00Z) - entries must close after they open"],
        ],
        [
          "entries closing the moment they open",
          set(drops, at("closesAt"), "2026-12-04T17:00:00Z"),
          ["content/drops.json: drops[0].closesAt is 2026-12-04T17:00:00Z, not after opensAt (2026-12-04T17:00:00Z) - entries must close after they open"],
        ],
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
          set("ui.json", ["dropLink", "before"], "opens soon"),
          ['content/ui.json: dropLink.before must contain {countdown} - the time left, like "6d 4h", goes there'],
        ],
        [
          "the action once entered without its size",
          set("pages/drop.json", ["action", "entered"], "You're in"),
          ["content/pages/drop.json: action.entered must contain {size} - the entered size goes there"],
        ],
        [
          "a drop email without its deadline",
          set("emails.json", ["dropWon", "text"], "The draw picked you for {drop}: {size}."),
          ["content/emails.json: dropWon.text must contain {deadline} - the last day and time to use the code goes there"],
        ],
        [
          "the drop page's bonus sentence without its most tickets",
          set("pages/drop.json", ["how", "bonus"], "Each friend adds {perReferral}, up to {maxBonus}."),
          ["content/pages/drop.json: how.bonus must contain {maxTickets} - the most tickets one entry can hold go there"],
        ],
      ]
    })(),
    ["a missing file", (dir) => rmSync(join(dir, "pages/about.json")), ["content/pages/about.json is missing - the site needs this file"]],
    [
      "every problem in every file at once, in file order",
      (dir) => {
        setField(dir, "site.json", ["siteUrl"], "block94.com")
        setField(dir, "slides.json", ["slides", 1, "alt"], "")
        rmSync(join(dir, "pages/privacy.json"))
      },
      [
        'content/site.json: siteUrl "block94.com" is not a valid web address - expected a full URL starting with https://',
        "content/slides.json: slides[1].alt is empty - every slide needs alt text for screen readers",
        "content/pages/privacy.json is missing - the site needs this file",
      ],
    ],
  ]

  it.each(MISTAKES)("reports %s", (_mistake, edit, messages) => {
    const dir = copyContent()
    edit(dir)
    expectEditorMessages(validateContentDir(dir), messages)
  })

  it("accepts no reward tiers at all (no rewards), and the leaderboard switched on", () => {
    const dir = copyContent()
    setField(dir, "rewards.json", ["tiers"], [])
    setField(dir, "rewards.json", ["showLeaderboard"], true)
    expect(validateContentDir(dir)).toEqual([])
  })

  it("accepts no drops at all, results at the very close, and no bonus tickets", () => {
    const dir = copyContent()
    setField(dir, "drops.json", ["drops", 0, "resultsAt"], "2026-12-06T17:00:00Z")
    setField(dir, "drops.json", ["drops", 0, "bonus"], { ticketsPerReferral: 0, maxBonusTickets: 0 })
    expect(validateContentDir(dir)).toEqual([])
    setField(dir, "drops.json", ["drops"], [])
    expect(validateContentDir(dir)).toEqual([])
  })

  it("accepts a new picture that the editor added to content/images/", () => {
    const dir = copyContent()
    copyFileSync(join(dir, "images/slide-home.jpg"), join(dir, "images/new-drop.jpg"))
    setField(dir, "slides.json", ["slides", 2, "image"], "images/new-drop.jpg")
    expect(validateContentDir(dir)).toEqual([])
  })
})

describe("every field of every content file", () => {
  const schemas = createContentSchemas({ imageExists: () => true })
  const ZOD_WORDING = /Invalid input|expected [a-z]+, received|Too (big|small)|"undefined"|"null"|\[object Object\]/

  const cases = CONTENT_FILES.flatMap(({ file, schema }) => {
    const data = JSON.parse(readFileSync(join(REAL_CONTENT_DIR, file), "utf8")) as unknown
    return fieldPaths(data).map((path) => ({ file, schema, data, path, value: fieldAt(data, path) }))
  })
  const label = (file: string, path: FieldPath) => `${file} ${formatFieldPath(path)}`

  it.each(cases.filter(({ path }) => typeof path[path.length - 1] === "string" && path[path.length - 1] !== "$schema"))(
    "names $file's missing field in one editor-worded message ($path)",
    ({ file, schema, data, path }) => {
      const messages = checkContentSource(file, JSON.stringify(withoutField(data, path)), schemas[schema])
      expect({ field: label(file, path), messages }).toEqual({
        field: label(file, path),
        messages: [expect.stringMatching(new RegExp(`^content/${file}: ${escape(formatFieldPath(path))} is missing - `))],
      })
      expect(messages[0]).not.toMatch(ZOD_WORDING)
    },
  )

  it.each(cases.filter(({ value }) => typeof value === "string"))(
    "asks for text in quotes when $file has a number at $path",
    ({ file, schema, data, path }) => {
      const messages = checkContentSource(file, JSON.stringify(withField(data, path, 94)), schemas[schema])
      expect(messages).toEqual([expect.stringMatching(new RegExp(`^content/${file}: ${escape(formatFieldPath(path))} must be text in "quotes", not a number`))])
      expect(messages[0]).not.toMatch(ZOD_WORDING)
    },
  )

  it.each(cases.filter(({ value, path }) => typeof value === "string" && path[0] !== "$schema"))(
    "reports an empty $path in $file in one message",
    ({ file, schema, data, path }) => {
      const messages = checkContentSource(file, JSON.stringify(withField(data, path, "")), schemas[schema])
      expect(messages).toHaveLength(1)
      expect(messages[0]).toMatch(new RegExp(`^content/${file}: ${escape(formatFieldPath(path))} `))
      expect(messages[0]).not.toMatch(ZOD_WORDING)
    },
  )

  it.each(cases.filter(({ value }) => typeof value === "object" && value !== null))(
    "reports $file's $path given as a number in one editor-worded message",
    ({ file, schema, data, path }) => {
      const messages = checkContentSource(file, JSON.stringify(withField(data, path, 94)), schemas[schema])
      expect(messages).toHaveLength(1)
      expect(messages[0]).toMatch(new RegExp(`^content/${file}: ${escape(formatFieldPath(path))} must be `))
      expect(messages[0]).not.toMatch(ZOD_WORDING)
    },
  )
})

/** Escapes a literal for use inside a RegExp. */
function escape(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
}

describe("checkContentSource", () => {
  const schemas = createContentSchemas({ imageExists: () => true })
  const slides = schemas.slides

  it("reports the missing comma of the fixture at the end of line 6, where it belongs", () => {
    expect(checkContentSource("slides.json", readFixture("slides-missing-comma.json"), slides)).toEqual([
      "content/slides.json is not valid JSON at line 6, column 98: Expected ',' or '}' after property value - check for a missing or extra comma, quote or bracket near there",
    ])
  })

  it("points at a missing comma between list items on one line", () => {
    const source = '{\n  "paragraphs": ["One." "Two."]\n}'
    expect(checkContentSource("x.json", source, slides)).toEqual([
      "content/x.json is not valid JSON at line 2, column 24: Expected ',' or ']' after array element - check for a missing or extra comma, quote or bracket near there",
    ])
  })

  it("points at a trailing comma after the last list item", () => {
    const source = '{\n  "slides": [\n    "a",\n  ]\n}'
    expect(checkContentSource("slides.json", source, slides)).toEqual([
      "content/slides.json is not valid JSON at line 4, column 3: Unexpected token ']' - check for a missing or extra comma, quote or bracket near there",
    ])
  })

  it("points at a trailing comma after the last field", () => {
    const source = '{\n  "slides": [],\n}'
    expect(checkContentSource("slides.json", source, slides)).toEqual([
      "content/slides.json is not valid JSON at line 3, column 1: Expected double-quoted property name - check for a missing or extra comma, quote or bracket near there",
    ])
  })

  it("points at text in 'single quotes'", () => {
    const source = '{\n  "slides": [\n    { "caption": \'Hi\' }\n  ]\n}'
    expect(checkContentSource("slides.json", source, slides)).toEqual([
      "content/slides.json is not valid JSON at line 3, column 18: Unexpected token ''' - check for a missing or extra comma, quote or bracket near there",
    ])
  })

  it("points at the end of a file that stops early", () => {
    const source = '{\n  "slides": [\n'
    expect(checkContentSource("slides.json", source, slides)).toEqual([
      "content/slides.json is not valid JSON at line 3, column 1: Unexpected end of JSON input - check for a missing or extra comma, quote or bracket near there",
    ])
  })

  it("counts lines in files saved with Windows line endings", () => {
    const source = readFixture("slides-missing-comma.json").replace(/\n/g, "\r\n")
    expect(checkContentSource("slides.json", source, slides)[0]).toContain("at line 6, column 98:")
  })

  it("explains an empty file", () => {
    expect(checkContentSource("values.json", " \n", schemas.values)).toEqual(["content/values.json is empty - it must hold the value cards as JSON { ... }"])
  })

  it("explains an invisible byte order mark instead of pointing at an invisible character", () => {
    const source = `\uFEFF${readFileSync(join(REAL_CONTENT_DIR, "values.json"), "utf8")}`
    expect(checkContentSource("values.json", source, schemas.values)).toEqual([
      'content/values.json starts with an invisible byte order mark (BOM) - save the file as "UTF-8" without BOM',
    ])
  })

  it("reports a list where the whole file should be an object", () => {
    expect(checkContentSource("slides.json", "[]", slides)).toEqual(["content/slides.json: must be an object { ... }, not a list - the carousel slides"])
  })

  it("returns no messages for valid content", () => {
    expect(checkContentSource("slides.json", readFileSync(join(REAL_CONTENT_DIR, "slides.json"), "utf8"), slides)).toEqual([])
  })
})

describe("findJsonErrorOffset", () => {
  it("finds nothing wrong in valid JSON", () => {
    for (const { file } of CONTENT_FILES) expect(findJsonErrorOffset(readFileSync(join(REAL_CONTENT_DIR, file), "utf8"))).toBe(-1)
    expect(findJsonErrorOffset(' {"a": [1, -2.5e+3, 0, "\\u00e9\\n", true, false, null, {}, []]} ')).toBe(-1)
  })

  it.each([
    ['{"a": x}', 6],
    ["{\"a\": 'b'}", 6],
    ["[1,]", 3],
    ['{"a": tru}', 6],
    ['{"a": 1 // note\n}', 8],
    ["", 0],
  ])("finds where %j breaks when JSON.parse does not say", (source, offset) => {
    expect(findJsonErrorOffset(source)).toBe(offset)
  })
})

describe("formatFieldPath", () => {
  it.each([
    [[], ""],
    [["siteUrl"], "siteUrl"],
    [["slides", 1, "alt"], "slides[1].alt"],
    [["emails", "general"], "emails.general"],
    [["sections", 2, "paragraphs", 0], "sections[2].paragraphs[0]"],
    [[0], "[0]"],
    [["grid", 0, 1], "grid[0][1]"],
  ])("writes %j as %j", (path, expected) => {
    expect(formatFieldPath(path)).toBe(expected)
  })
})

describe("lineAndColumn", () => {
  const source = "ab\ncd\n\nef"

  it.each([
    [0, 1, 1],
    [1, 1, 2],
    [2, 1, 3],
    [3, 2, 1],
    [4, 2, 2],
    [6, 3, 1],
    [7, 4, 1],
    [9, 4, 3],
  ])("puts offset %i at line %i, column %i", (offset, line, column) => {
    expect(lineAndColumn(source, offset)).toEqual({ line, column })
  })

  it("keeps offsets outside the text inside it", () => {
    expect(lineAndColumn(source, -5)).toEqual({ line: 1, column: 1 })
    expect(lineAndColumn(source, 999)).toEqual({ line: 4, column: 3 })
  })

  it("counts a Windows line break (\\r\\n) as one line break", () => {
    expect(lineAndColumn("ab\r\ncd\r\nef", 9)).toEqual({ line: 3, column: 2 })
  })
})

describe("formatContentReport", () => {
  it("words a single problem in the singular", () => {
    expect(formatContentReport(["content/site.json: brand is empty - the shop's name"])).toBe(
      "Content check failed: 1 problem to fix in content/\n  - content/site.json: brand is empty - the shop's name",
    )
  })

  it("lists several problems, one per line", () => {
    expect(formatContentReport(["content/a.json is missing - x", "content/b.json is missing - y"])).toBe(
      ["Content check failed: 2 problems to fix in content/", "  - content/a.json is missing - x", "  - content/b.json is missing - y"].join("\n"),
    )
  })
})
