// The editors' web UI is configured from the content model: the rules it enforces are the build's.
import { z } from "zod"
import { CMS_GROUPS, cmsConfig, schemaReference } from "../cms-config"
import { contentCollections } from "../generate"
import { CONTENT_FILES, createContentSchemas, ICON_NAMES, SOCIAL_NETWORKS } from "../model"

type CmsField = Record<string, unknown> & { name: string; fields?: CmsField[]; field?: CmsField }
type CmsFile = { name: string; file: string; fields: CmsField[] }
type CmsCollection = { name: string; files: CmsFile[] }

const collections = contentCollections() as unknown as CmsCollection[]
const files = collections.flatMap((collection) => collection.files)
const fileFor = (schema: string) => {
  const found = files.find((file) => file.name === schema)
  if (!found) throw new Error(`no file ${schema}`)
  return found
}
/** The field at a path of names ("slides", "caption") in a file. */
const fieldAt = (schema: string, ...path: string[]): CmsField =>
  path.reduce<CmsField>(
    (parent, name) => {
      const children = parent.fields ?? parent.field?.fields ?? []
      const found = children.find((child) => child.name === name)
      if (!found) throw new Error(`no field ${path.join(".")} in ${schema}`)
      return found
    },
    { name: schema, fields: fileFor(schema).fields },
  )
const patternOf = (field: CmsField) => new RegExp((field.pattern as [string, string])[0])

describe("the editors' web UI configuration", () => {
  it("has every content file once, as the file the build reads", () => {
    expect(files.map((file) => file.file).sort()).toEqual(CONTENT_FILES.map(({ file }) => `content/${file}`).sort())
    expect(CMS_GROUPS.flatMap((group) => group.schemas).sort()).toEqual(CONTENT_FILES.map(({ schema }) => schema).sort())
  })

  it("keeps every file's $schema as it is", () => {
    for (const { file, schema } of CONTENT_FILES) {
      expect(fieldAt(schema, "$schema")).toMatchObject({
        widget: "hidden",
        default: schemaReference(file, file.replace(/^.*\//, "").replace(".json", ".schema.json")),
      })
    }
  })

  it("gives exactly three slides, cards and points, none to add or remove", () => {
    for (const [schema, list] of [
      ["slides", "slides"],
      ["categories", "categories"],
      ["values", "values"],
      ["reassurances", "reassurances"],
    ]) {
      expect(fieldAt(schema, list)).toMatchObject({ widget: "list", min: 3, max: 3, allow_add: false, allow_remove: false, required: true })
    }
  })

  it("requires what the build requires, with the model's descriptions as hints", () => {
    expect(fieldAt("slides", "slides", "alt")).toMatchObject({
      widget: "string",
      required: true,
      label: "Alt text (what the picture shows)",
      hint: "Every slide needs alt text for screen readers",
    })
    expect(fieldAt("home", "hero", "subtext")).toMatchObject({ widget: "text", required: true })
  })

  it("offers the known icons and networks as choices", () => {
    expect(fieldAt("categories", "categories", "icon")).toMatchObject({ widget: "select", options: [...ICON_NAMES] })
    expect(fieldAt("site", "social", "network")).toMatchObject({ widget: "select", options: [...SOCIAL_NETWORKS] })
  })

  it("edits a drop's window with date and time pickers in UTC, and lets the list of drops be emptied", () => {
    for (const time of ["opensAt", "closesAt", "resultsAt"]) {
      expect(fieldAt("drops", "drops", time)).toMatchObject({ widget: "datetime", format: "YYYY-MM-DD[T]HH:mm:ss[Z]", picker_utc: true, required: true })
    }
    expect(fieldAt("drops", "drops")).toMatchObject({ widget: "list", min: 0, max: 10, required: false })
    expect(fieldAt("drops", "drops", "pieces")).toMatchObject({ widget: "list", min: 1, max: 6, required: true })
    expect(fieldAt("drops", "drops", "pieces", "image")).toMatchObject({ widget: "image", media_folder: "/content/images", public_folder: "images" })
    const label = patternOf(fieldAt("drops", "drops", "pieces", "sizes", "label"))
    expect(["M", "One size", "42.5", "XL+"].map((text) => label.test(text))).toEqual([true, true, true, true])
    expect([" M", "XL/XXL", "", "-M"].map((text) => label.test(text))).toEqual([false, false, false, false])
  })

  it("stores pictures in content/images/ under the paths the build expects", () => {
    expect(fieldAt("slides", "slides", "image")).toMatchObject({ widget: "image", media_folder: "/content/images", public_folder: "images" })
  })

  it("checks emails and web addresses as the build does", () => {
    const schemas = createContentSchemas({ imageExists: () => true })
    const buildAccepts = (schema: z.ZodType, value: string) => schema.safeParse(value).success
    const general = patternOf(fieldAt("site", "emails", "general"))
    const emailRule = schemas.site.shape.emails.shape.general
    for (const value of ["hello@block94.com", "first.last+x@mail.example.co.uk", "hello@block94", "no at sign", "a@b.c"]) {
      expect([value, general.test(value)]).toEqual([value, buildAccepts(emailRule, value)])
    }
    const siteUrl = patternOf(fieldAt("site", "siteUrl"))
    const urlRule = schemas.site.shape.siteUrl
    for (const value of ["https://block94.com", "http://shop.block94.co.uk/path?x=1", "block94.com", "ftp://block94.com", "https://localhost"]) {
      expect([value, siteUrl.test(value)]).toEqual([value, buildAccepts(urlRule, value)])
    }
  })

  it("keeps the placeholders a text needs", () => {
    const field = fieldAt("ui", "carousel", "slidePosition")
    expect(patternOf(field).test("{number} of {count}")).toBe(true)
    expect(patternOf(field).test("Slide {number}")).toBe(false)
    expect((field.pattern as string[])[1]).toBe("Keep {number} and {count} in the text: the site fills them in")
  })

  it("saves to the repository named at build time, and to the files on disk only when editing locally", () => {
    const config = cmsConfig([], { repo: "block94/site", branch: "main", authUrl: "https://auth.block94.example" }, "https://block94.example")
    expect(config).toMatchObject({
      backend: { name: "github", repo: "block94/site", branch: "main", base_url: "https://auth.block94.example" },
      media_folder: "content/images",
      public_folder: "images",
    })
    // A production build offers no local backend: nobody's decap-server is reachable through it.
    expect(config).not.toHaveProperty("local_backend")
    const local = cmsConfig([], { repo: "block94/site", branch: "main", localBackendUrl: "http://localhost:9411/api/v1" }, "https://block94.example")
    expect(local.local_backend).toEqual({ url: "http://localhost:9411/api/v1" })
  })
})
