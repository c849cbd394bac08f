/**
 * Which email tool the list is kept in sync with, read from the environment when the server
 * runs (settings/provider.ts reads them, through `readSetting`, which Gatsby's webpack does not
 * rewrite at build time, and hands them here).
 *
 *   EMAIL_PROVIDER           mailchimp | kit | brevo | loops (unset: no sync)
 *   EMAIL_PROVIDER_API_KEY   the provider's API key
 *   EMAIL_PROVIDER_LIST_ID   Mailchimp audience id (required), Brevo list id(s) "3" or "3,7"
 *                            (required), Kit tag id (optional), Loops mailing list id (optional)
 *   EMAIL_PROVIDER_API_URL   another origin instead of the provider's own (tests, a proxy)
 */
import { withoutTrailingSlash } from "../../../signup/site-url"
import { PROVIDER_NAMES, type ProviderName } from "./provider"

export interface ProviderSettings {
  provider: ProviderName
  apiKey: string
  /** As written; each adapter reads it its own way (see above). */
  listId: string | undefined
  /** Origin to call instead of the provider's, without a trailing slash. */
  apiUrl: string | undefined
}

/** A setting the chosen provider needs is missing or malformed; the message names the variable. */
export class ProviderSettingsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = "ProviderSettingsError"
  }
}

const LABELS: Record<ProviderName, string> = { mailchimp: "Mailchimp", kit: "Kit", brevo: "Brevo", loops: "Loops" }

/** What EMAIL_PROVIDER_LIST_ID means for each provider, and whether it is required. */
const LIST_ID: Record<ProviderName, { meaning: string; required: boolean }> = {
  mailchimp: { meaning: "the audience id (Audience > Settings > Audience name and defaults)", required: true },
  brevo: { meaning: "the id of the list (or ids, comma separated) to add people to", required: true },
  kit: { meaning: "the id of a tag to give people", required: false },
  loops: { meaning: "the id of a mailing list to subscribe people to", required: false },
}

const isProviderName = (value: string): value is ProviderName => (PROVIDER_NAMES as readonly string[]).includes(value)

/** A setting's value as given, or undefined when it is unset. */
type ReadSetting = (name: string) => string | undefined

/** The provider settings as written, to tell when they change (one provider is made per distinct key). */
export const providerSettingsKeyOf = (readSetting: ReadSetting): string =>
  ["EMAIL_PROVIDER", "EMAIL_PROVIDER_API_KEY", "EMAIL_PROVIDER_LIST_ID", "EMAIL_PROVIDER_API_URL"].map((name) => readSetting(name)).join(" ")

/** The provider settings, each as `readSetting` gives it; null when EMAIL_PROVIDER is unset. Throws ProviderSettingsError. */
export const parseProviderSettings = (readSetting: ReadSetting): ProviderSettings | null => {
  const chosen = readSetting("EMAIL_PROVIDER")?.trim().toLowerCase()
  if (chosen === undefined) return null
  if (!isProviderName(chosen)) {
    throw new ProviderSettingsError(`EMAIL_PROVIDER is "${chosen}"; use one of ${PROVIDER_NAMES.join(", ")}, or leave it unset for no sync.`)
  }
  const label = LABELS[chosen]
  const apiKey = readSetting("EMAIL_PROVIDER_API_KEY")?.trim()
  if (apiKey === undefined) throw new ProviderSettingsError(`EMAIL_PROVIDER_API_KEY is not set: ${label} needs its API key.`)
  const listId = readSetting("EMAIL_PROVIDER_LIST_ID")?.trim()
  if (listId === undefined && LIST_ID[chosen].required) {
    throw new ProviderSettingsError(`EMAIL_PROVIDER_LIST_ID is not set: ${label} needs ${LIST_ID[chosen].meaning}.`)
  }
  const apiUrl = readSetting("EMAIL_PROVIDER_API_URL")?.trim()
  if (apiUrl !== undefined && !/^https?:\/\/[^/\s]+/i.test(apiUrl)) {
    throw new ProviderSettingsError(`EMAIL_PROVIDER_API_URL is "${apiUrl}"; give an origin such as https://proxy.example or http://127.0.0.1:8080.`)
  }
  return { provider: chosen, apiKey, listId, apiUrl: apiUrl && withoutTrailingSlash(apiUrl) }
}
