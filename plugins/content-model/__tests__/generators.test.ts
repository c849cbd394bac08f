import { readdirSync } from "node:fs"
import { join } from "node:path"
import { REAL_CONTENT_DIR } from "../../../test/fixtures/content-fixture"
import { contentFields, labelFromKey } from "../field-tree"
import {
  calendarDate,
  choice,
  contentFile,
  email,
  exactlyThree,
  image,
  instant,
  listOf,
  longText,
  paragraphs,
  positiveMs,
  record,
  template,
  text,
  webUrl,
  yesNo,
} from "../fields"
import { cmsField } from "../cms-config"
import { graphqlTypeDefs } from "../graphql"
import { contentFileAt, nodeTypeName } from "../model"

// A small model with one field of every kind, as a content file would declare it.
const shop = contentFile(
  {
    name: text("the shop's name"),
    story: longText("the shop's story"),
    contact: email("where to write"),
    website: webUrl("where the shop lives"),
    opened: calendarDate("when the shop opened", "2026-11-22"),
    delayMs: positiveMs("how long to wait"),
    greeting: template("the greeting", { name: "the visitor's name goes there" }),
    tags: paragraphs("a few words"),
    mood: choice(["calm", "loud"], "Mood", { missing: "a mood", unknown: (input) => `${input}?`, hint: "calm or loud" }),
    pictures: exactlyThree(record({ image: image("a picture", () => true), caption: text("a caption") }, "a picture", { typeName: "Picture" }), "pictures"),
    owner: record({ firstName: text("a first name") }, "the owner"),
  },
  "a shop",
)

const fields = contentFields(shop, "ShopJson")
const field = (key: string) => {
  const found = fields.find((candidate) => candidate.key === key)
  if (!found) throw new Error(`no field ${key}`)
  return found
}

describe("the field tree", () => {
  it("leaves out the $schema line and keeps the model's order", () => {
    expect(fields.map(({ key }) => key)).toEqual(["name", "story", "contact", "website", "opened", "delayMs", "greeting", "tags", "mood", "pictures", "owner"])
  })

  it("labels fields from their keys and hints from their descriptions", () => {
    expect(labelFromKey("primaryButton")).toBe("Primary button")
    expect(field("delayMs")).toMatchObject({ label: "Delay ms", hint: "how long to wait", required: true })
  })

  it.each([
    ["name", "plain"],
    ["story", "multiline"],
    ["contact", "email"],
    ["website", "url"],
    ["opened", "date"],
  ])("knows %s is %s text", (key, format) => {
    expect(field(key).node).toMatchObject({ kind: "text", format })
  })

  it("carries the placeholders a text must keep, list lengths, number bounds and choices", () => {
    expect(field("greeting").node).toEqual({
      kind: "text",
      format: "plain",
      patterns: ["\\{name\\}"],
      patternMessage: "Keep {name} in the text: the site fills it in",
    })
    expect(field("pictures").node).toMatchObject({ kind: "list", minItems: 3, maxItems: 3, item: { kind: "object", typeName: "Picture" } })
    expect(field("delayMs").node).toEqual({ kind: "integer", minimum: 100, maximum: 60000 })
    expect(field("mood").node).toEqual({ kind: "choice", typeName: "Mood", options: ["calm", "loud"] })
    expect(field("pictures").node).toMatchObject({ item: { fields: [{ key: "image", node: { format: "image" } }, { key: "caption" }] } })
  })
})

describe("GraphQL type definitions", () => {
  it("map every kind of field to its GraphQL type, naming parts after their file", () => {
    expect(graphqlTypeDefs([{ typeName: "ShopJson", fields }])).toBe(`type ShopJson implements Node @dontInfer {
  name: String!
  story: String!
  contact: String!
  website: String!
  opened: Date! @dateformat
  delayMs: Int!
  greeting: String!
  tags: [String!]!
  mood: Mood!
  pictures: [Picture!]!
  owner: ShopOwner!
}

enum Mood {
  calm
  loud
}

type Picture {
  image: File! @fileByRelativePath
  caption: String!
}

type ShopOwner {
  firstName: String!
}
`)
  })

  it("map an on/off setting to Boolean! and to a switch in the editors' UI", () => {
    const file = contentFile({ open: yesNo("whether the shop is open") }, "a setting")
    const settingFields = contentFields(file, "SettingJson")
    expect(settingFields[0].node).toEqual({ kind: "boolean" })
    expect(graphqlTypeDefs([{ typeName: "SettingJson", fields: settingFields }])).toBe("type SettingJson implements Node @dontInfer {\n  open: Boolean!\n}\n")
    expect(cmsField(settingFields[0])).toMatchObject({ name: "open", widget: "boolean", required: true })
  })

  it("map an instant in UTC to Date! and to a date and time picker in UTC that writes it as the build reads it", () => {
    const file = contentFile({ opensAt: instant("when it opens", "2026-12-04T17:00:00Z") }, "a window")
    const windowFields = contentFields(file, "WindowJson")
    // zod's date-time pattern is the picker's to keep, as for dates: no pattern for the editor to meet.
    expect(windowFields[0].node).toEqual({ kind: "text", format: "instant", patterns: [] })
    expect(graphqlTypeDefs([{ typeName: "WindowJson", fields: windowFields }])).toBe(
      "type WindowJson implements Node @dontInfer {\n  opensAt: Date! @dateformat\n}\n",
    )
    expect(cmsField(windowFields[0])).toMatchObject({ widget: "datetime", format: "YYYY-MM-DD[T]HH:mm:ss[Z]", picker_utc: true, required: true })
  })

  it("let a list that may be empty be emptied in the editors' UI, and keep one that may not required", () => {
    const item = record({ name: text("a name") }, "an item", { typeName: "Item" })
    const file = contentFile(
      {
        optional: listOf(item, { min: 0, max: 3, noun: "items", why: "up to 3" }),
        needed: listOf(item, { min: 1, max: 3, noun: "items", why: "1 to 3" }),
      },
      "lists",
    )
    const [optional, needed] = contentFields(file, "ListsJson")
    expect(cmsField(optional)).toMatchObject({ widget: "list", min: 0, max: 3, required: false })
    expect(cmsField(needed)).toMatchObject({ widget: "list", min: 1, max: 3, required: true })
  })

  it("refuse one name for two shapes", () => {
    const a = record({ title: text("a title") }, "a", { typeName: "Card" })
    const b = record({ heading: text("a heading") }, "b", { typeName: "Card" })
    const file = contentFile({ first: a, second: b }, "two cards")
    expect(() => graphqlTypeDefs([{ typeName: "TwoJson", fields: contentFields(file, "TwoJson") }])).toThrow(/two different shapes the GraphQL name Card/)
  })

  it("refuse choices GraphQL cannot name", () => {
    const file = contentFile({ size: choice(["x-large", "small"], "Size", { missing: "", unknown: () => "", hint: "" }) }, "sizes")
    expect(() => graphqlTypeDefs([{ typeName: "SizesJson", fields: contentFields(file, "SizesJson") }])).toThrow(/x-large cannot be GraphQL enum values/)
  })
})

describe("the real model", () => {
  const jsonFiles = (dir: string, prefix = ""): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.isDirectory()) return entry.name === "schemas" ? [] : jsonFiles(join(dir, entry.name), `${prefix}${entry.name}/`)
      return entry.name.endsWith(".json") ? [`${prefix}${entry.name}`] : []
    })

  it("declares every JSON file in content/, so each gets its node type", () => {
    const undeclared = jsonFiles(REAL_CONTENT_DIR).filter((file) => !contentFileAt(file))
    expect(undeclared).toEqual([])
    expect(nodeTypeName("notFound")).toBe("NotFoundJson")
  })
})
