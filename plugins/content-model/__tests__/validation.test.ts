import { copyFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { validateContentDir } from "../validation"
import { REAL_CONTENT_DIR, copyContent, readFixture, removeCopies, setField } from "../../../test/fixtures/content-fixture"
import { addCopyOfFirst, endingIn, remove, rename, reportsEach, set, withoutPlaceholder, type Edit, type Mistake } from "./content-edits"

afterEach(removeCopies)

describe("the real content folder", () => {
  it("passes with no messages", () => {
    expect(validateContentDir(REAL_CONTENT_DIR)).toEqual([])
  })
})

describe("validateContentDir: one broken thing in a copy of content/", () => {
  const MISTAKES: Mistake[] = [
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
    ...endingIn("slides.json", "every slide needs alt text for screen readers", [
      ["an empty alt text", set("slides.json", ["slides", 1, "alt"], ""), "slides[1].alt is empty"],
      ["an alt text of only spaces as empty", set("slides.json", ["slides", 2, "alt"], "   \n "), "slides[2].alt is empty"],
      ["a missing alt text", remove("slides.json", ["slides", 1, "alt"]), "slides[1].alt is missing"],
    ]),
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
    ["a lost placeholder", ...withoutPlaceholder("ui.json", "carousel.slideButton", "Slide", "{number} - the slide's number goes there")],
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
    ...endingIn("site.json", "expected a full URL starting with https://", [
      ["a site address without https://", set("site.json", ["siteUrl"], "block94.com"), 'siteUrl "block94.com" is not a valid web address'],
      ["a social link with a broken scheme", set("site.json", ["social", 1, "url"], "http//x"), 'social[1].url "http//x" is not a valid web address'],
    ]),
    ...endingIn("site.json", "use Instagram, Twitter or TikTok", [
      ["an unsupported social network", set("site.json", ["social", 0, "network"], "instagram"), 'social[0].network "instagram" is not a supported network'],
      ['a missing social network as missing, not as "undefined"', remove("site.json", ["social", 0, "network"]), "social[0].network is missing"],
    ]),
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

  reportsEach(MISTAKES)

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
