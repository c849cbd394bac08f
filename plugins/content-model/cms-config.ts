/**
 * The editors' web UI (Decap CMS at /admin/) configured from the content model's field tree,
 * never by hand: every content file is a file collection, with the same rules the build checks
 * (required fields, exactly three slides and cards, known icons, email and web address formats,
 * placeholders that must stay), so the UI cannot save what the build would refuse.
 */
import { SCHEMA_FIELD } from "./fields"
import type { Field, FieldNode, TextFormat } from "./field-tree"
import type { ContentFile } from "./model"

/** A content file as the generators see it: its place in content/, its node type, its fields. */
export interface ContentFileFields {
  file: ContentFile["file"]
  schema: ContentFile["schema"]
  typeName: string
  fields: Field[]
}

type CmsField = Record<string, unknown>

/** How the UI groups the files; every content file belongs to exactly one group. */
export const CMS_GROUPS: ReadonlyArray<{ name: string; label: string; schemas: ReadonlyArray<ContentFile["schema"]> }> = [
  { name: "home", label: "Home page", schemas: ["home", "slides", "reassurances", "categories"] },
  {
    name: "pages",
    label: "Other pages",
    schemas: ["about", "friend", "values", "contact", "privacy", "waitlist", "confirm", "unsubscribe", "invite", "notFound", "owner", "drop"],
  },
  { name: "site", label: "Site-wide", schemas: ["site", "ui", "emails", "rewards", "drops"] },
]

/** The labels of the files in the UI. */
const FILE_LABELS: Record<ContentFile["schema"], string> = {
  home: "Home page texts",
  slides: "Carousel slides",
  reassurances: "Reassurance points",
  categories: "Category cards",
  about: "About page texts",
  friend: "Friend page (where a referral link lands)",
  values: "Value cards (About)",
  contact: "Contact page texts",
  privacy: "Privacy Policy",
  waitlist: "Status page (your place in line)",
  confirm: "Confirmation page",
  unsubscribe: "Unsubscribe page",
  invite: "Invitation page (launch day)",
  notFound: "Page not found (404)",
  owner: "Owner's page (the dashboard)",
  site: "Site settings",
  ui: "Interface texts (buttons, labels, messages)",
  emails: "Emails",
  rewards: "Referral rewards and leaderboard",
  drops: "Drops (pieces, sizes, entry windows, draw rules)",
  drop: "Drop page texts",
}

// The build checks web addresses with zod's URL parser (http or https, a domain name), which
// JSON Schema cannot carry as a pattern; this is the same rule as a regular expression.
const URL_PATTERN = "^https?://([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\\.)+[A-Za-z]{2,}(:[0-9]+)?(/\\S*)?$"

/**
 * Several patterns as one (Decap takes one): each becomes a lookahead from the start of the
 * text, so the whole matches exactly when every pattern matches on its own, anchors and all.
 */
export const allOf = (patterns: string[]): string =>
  patterns.length === 1 ? patterns[0] : `^${patterns.map((pattern) => `(?=[\\s\\S]*?(?:${pattern}))`).join("")}`

/**
 * The model trims text before it counts it, so text of spaces alone is empty to the build;
 * Decap's `required` counts spaces as text. Text fields also need a character that is not a space.
 */
const NOT_ONLY_SPACES = "\\S"
const NOT_ONLY_SPACES_MESSAGE = "Write some text here: spaces alone count as empty"
const TRIMMED_FORMATS: ReadonlyArray<TextFormat> = ["plain", "multiline"]

const textWidget = (node: Extract<FieldNode, { kind: "text" }>): CmsField => {
  switch (node.format) {
    case "multiline":
      return { widget: "text" }
    case "email":
      // Its pattern is zod's own email rule, carried in the field tree.
      return { widget: "string" }
    case "url":
      return { widget: "string", pattern: [URL_PATTERN, "Must be a full web address starting with https://"] }
    case "date":
      return { widget: "datetime", format: "YYYY-MM-DD", date_format: "YYYY-MM-DD", time_format: false, picker_utc: true }
    case "instant":
      // A date and time picker in UTC, storing what the build reads: "2026-12-04T17:00:00Z".
      return { widget: "datetime", format: "YYYY-MM-DD[T]HH:mm:ss[Z]", picker_utc: true }
    case "image":
      // Pictures go to content/images/ and the file names them as the build reads them: images/<name>.
      return { widget: "image", choose_url: false, media_folder: "/content/images", public_folder: "images" }
    case "plain":
      return { widget: "string" }
  }
}

const widgetFor = (node: FieldNode): CmsField => {
  switch (node.kind) {
    case "text": {
      const widget = textWidget(node)
      const patterns = TRIMMED_FORMATS.includes(node.format) ? [...node.patterns, NOT_ONLY_SPACES] : node.patterns
      if (patterns.length === 0) return widget
      return { ...widget, pattern: [allOf(patterns), node.patternMessage ?? NOT_ONLY_SPACES_MESSAGE] }
    }
    case "integer":
      return { widget: "number", value_type: "int", min: node.minimum, max: node.maximum }
    case "boolean":
      return { widget: "boolean" }
    case "choice":
      return { widget: "select", options: node.options }
    case "object":
      return { widget: "object", collapsed: false, fields: node.fields.map(cmsField) }
    case "list": {
      // A list of exactly N (three slides, three cards): nothing to add or take away, only to edit.
      const fixed = node.minItems !== undefined && node.minItems === node.maxItems
      const item =
        node.item.kind === "object" ? { fields: node.item.fields.map(cmsField) } : { field: { label: "Item", name: "item", ...widgetFor(node.item) } }
      return {
        widget: "list",
        ...item,
        ...(node.minItems !== undefined ? { min: node.minItems } : {}),
        ...(node.maxItems !== undefined ? { max: node.maxItems } : {}),
        ...(fixed ? { allow_add: false, allow_remove: false } : {}),
        collapsed: false,
      }
    }
  }
}

/** Decap's `required` on a list means "at least one item": a list the model lets be empty is not. */
const mayBeEmpty = (node: FieldNode): boolean => node.kind === "list" && node.minItems === 0

const shownField = (field: Field): CmsField => ({
  label: field.label,
  name: field.key,
  ...widgetFor(field.node),
  required: field.required && !mayBeEmpty(field.node),
  ...(field.hint ? { hint: `${field.hint.charAt(0).toUpperCase()}${field.hint.slice(1)}` } : {}),
})

/** A field in the UI; one a command writes is kept as it is, out of sight. */
export const cmsField = (field: Field): CmsField =>
  field.hidden ? { label: field.label, name: field.key, widget: "hidden", required: false } : shownField(field)

/** The path from a content file to its JSON Schema, as the file names it in "$schema". */
export const schemaReference = (file: string, schemaFile: string): string => {
  const depth = file.split("/").length - 1
  return `${depth === 0 ? "./" : "../".repeat(depth)}schemas/${schemaFile}`
}

/** The collections: one per group, one file each content file, fields in the model's order. */
export const cmsCollections = (files: readonly ContentFileFields[], schemaFileOf: (file: ContentFileFields) => string): CmsField[] =>
  CMS_GROUPS.map((group) => ({
    name: group.name,
    label: group.label,
    editor: { preview: false },
    files: group.schemas.map((schema) => {
      const entry = files.find((candidate) => candidate.schema === schema)
      if (!entry) throw new Error(`The editors' UI groups a content file the model does not declare: ${schema}`)
      return {
        name: schema,
        label: FILE_LABELS[schema],
        file: `content/${entry.file}`,
        fields: [
          // Kept as it is, so every saved file still names its JSON Schema for editors' IDEs.
          { label: "JSON Schema", name: SCHEMA_FIELD, widget: "hidden", default: schemaReference(entry.file, schemaFileOf(entry)) },
          ...entry.fields.map(cmsField),
        ],
      }
    }),
  }))

export interface CmsBackend {
  /** The GitHub repository editors save to, "owner/name". */
  repo: string
  branch: string
  /** The OAuth client that signs editors in to GitHub (see docs/editing.md, "Editing in the browser"), when not Netlify's. */
  authUrl?: string
  /** decap-server's API on this computer, when not at Decap's usual http://localhost:8081/api/v1. */
  localBackendUrl?: string
}

/** The whole configuration for Decap CMS; `logoUrl`: the brand's wordmark on the sign-in page. */
export const cmsConfig = (collections: CmsField[], backend: CmsBackend, siteUrl: string, logoUrl?: string): CmsField => ({
  backend: {
    name: "github",
    repo: backend.repo,
    branch: backend.branch,
    ...(backend.authUrl ? { base_url: backend.authUrl } : {}),
    commit_messages: { update: "Content: {{collection}} / {{slug}}, edited in the browser by {{author-login}}" },
  },
  // Only `npm run cms` (on this computer) saves to the files on disk through decap-server; a
  // production build never offers it.
  ...(backend.localBackendUrl ? { local_backend: { url: backend.localBackendUrl } } : {}),
  publish_mode: "simple",
  media_folder: "content/images",
  public_folder: "images",
  site_url: siteUrl,
  display_url: siteUrl,
  ...(logoUrl ? { logo_url: logoUrl } : {}),
  locale: "en",
  collections,
})
