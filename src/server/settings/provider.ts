/** The email tool's settings (outbox/providers/settings.ts says what each means), read from the environment now. */
import { parseProviderSettings, providerSettingsKeyOf, type ProviderSettings } from "../outbox/providers/settings"
import { readSetting } from "./settings"

export { ProviderSettingsError, type ProviderSettings } from "../outbox/providers/settings"

/** The provider settings as written now, to tell when they change (one provider is made per distinct key). */
export const providerSettingsKey = (): string => providerSettingsKeyOf(readSetting)

/** Reads the provider settings now; null when EMAIL_PROVIDER is unset. Throws ProviderSettingsError. */
export const readProviderSettings = (): ProviderSettings | null => parseProviderSettings(readSetting)
