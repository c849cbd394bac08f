/**
 * The content model: one schema per file under `content/`, the only declaration of what the
 * site's content looks like, each in a module of its own beside this one (model/site.ts for
 * content/site.json, model/pages/home.ts for content/pages/home.json...). Validation (build
 * start, `npm run check:content`), the GraphQL types, the JSON Schemas for editors' IDEs and the
 * editors' web UI are all generated from it. Messages are written for editors: they follow
 * "<file>: <field> <what is wrong> - <what to do>".
 *
 * Adding a field: declare it in its file's module, query it on the page, use it in the component.
 * Adding a file: declare it in a module of its own, add it below and add one entry to CONTENT_FILES.
 */
import type { z } from "zod"
import { categories } from "./categories"
import { drops } from "./drops"
import { emails } from "./emails"
import { about } from "./pages/about"
import { friend } from "./pages/friend"
import { confirm } from "./pages/confirm"
import { contact } from "./pages/contact"
import { dropPage } from "./pages/drop"
import { home } from "./pages/home"
import { invite } from "./pages/invite"
import { notFound } from "./pages/not-found"
import { owner } from "./pages/owner"
import { privacy } from "./pages/privacy"
import { unsubscribe } from "./pages/unsubscribe"
import { waitlist } from "./pages/waitlist"
import { reassurances } from "./reassurances"
import { rewards } from "./rewards"
import type { SchemaOptions } from "./shared"
import { site } from "./site"
import { slides } from "./slides"
import { ui } from "./ui"
import { values } from "./values"

export { ICON_NAMES, type IconName, type SchemaOptions } from "./shared"
export { SOCIAL_NETWORKS } from "./site"
export { MAX_REWARD_TIERS } from "./rewards"
export { DROP_LIMITS } from "./drops"

export const createContentSchemas = (options: SchemaOptions) => ({
  site,
  ui,
  emails,
  rewards,
  slides: slides(options),
  categories,
  values,
  reassurances,
  home,
  about,
  friend,
  contact,
  privacy,
  waitlist,
  confirm,
  unsubscribe,
  invite,
  notFound,
  owner,
  drops: drops(options),
  drop: dropPage,
})

export type ContentSchemas = ReturnType<typeof createContentSchemas>

/**
 * Every content file, relative to `content/`, with its schema. Its GraphQL node type is named
 * after the schema ("notFound" -> NotFoundJson), its JSON Schema after the file.
 */
export const CONTENT_FILES = [
  { file: "site.json", schema: "site" },
  { file: "ui.json", schema: "ui" },
  { file: "emails.json", schema: "emails" },
  { file: "rewards.json", schema: "rewards" },
  { file: "slides.json", schema: "slides" },
  { file: "categories.json", schema: "categories" },
  { file: "values.json", schema: "values" },
  { file: "reassurances.json", schema: "reassurances" },
  { file: "pages/home.json", schema: "home" },
  { file: "pages/about.json", schema: "about" },
  { file: "pages/friend.json", schema: "friend" },
  { file: "pages/contact.json", schema: "contact" },
  { file: "pages/privacy.json", schema: "privacy" },
  { file: "pages/waitlist.json", schema: "waitlist" },
  { file: "pages/confirm.json", schema: "confirm" },
  { file: "pages/unsubscribe.json", schema: "unsubscribe" },
  { file: "pages/invite.json", schema: "invite" },
  { file: "pages/not-found.json", schema: "notFound" },
  { file: "pages/owner.json", schema: "owner" },
  { file: "drops.json", schema: "drops" },
  { file: "pages/drop.json", schema: "drop" },
] as const satisfies ReadonlyArray<{ file: string; schema: keyof ContentSchemas }>

export type ContentFile = (typeof CONTENT_FILES)[number]

/** The GraphQL node type of a content file: "notFound" -> "NotFoundJson". */
export const nodeTypeName = (schema: ContentFile["schema"]): string => `${schema[0].toUpperCase()}${schema.slice(1)}Json`

/** The content file at a path relative to `content/`, if the model declares one. */
export const contentFileAt = (relativePath: string): ContentFile | undefined => CONTENT_FILES.find(({ file }) => file === relativePath.split("\\").join("/"))

export type SiteContent = z.infer<ContentSchemas["site"]>
export type UiCopy = z.infer<ContentSchemas["ui"]>
export type EmailCopy = z.infer<ContentSchemas["emails"]>
export type DropsContent = z.infer<ContentSchemas["drops"]>
