/**
 * The adapter for the email tool named by EMAIL_PROVIDER, or null when there is none. Settings
 * are read when this is called (at run time, never at build time); a missing or malformed one
 * throws a ProviderSettingsError naming the variable.
 */
import { createBrevoProvider } from "../outbox/providers/brevo"
import { createKitProvider } from "../outbox/providers/kit"
import { createLoopsProvider } from "../outbox/providers/loops"
import { createMailchimpProvider } from "../outbox/providers/mailchimp"
import type { EmailProvider } from "../outbox/providers/provider"
import { readProviderSettings, type ProviderSettings } from "../settings/provider"

export interface ProviderTuning {
  /** Per-request timeout; 10 s unless a test needs it shorter. */
  timeoutMs?: number
}

export const createEmailProvider = (settings: ProviderSettings | null = readProviderSettings(), tuning: ProviderTuning = {}): EmailProvider | null => {
  if (settings === null) return null
  const { apiKey, listId, apiUrl } = settings
  const { timeoutMs } = tuning
  switch (settings.provider) {
    case "mailchimp":
      return createMailchimpProvider({ apiKey, listId: listId ?? "", apiUrl, timeoutMs })
    case "kit":
      return createKitProvider({ apiKey, tagId: listId, apiUrl, timeoutMs })
    case "brevo":
      return createBrevoProvider({ apiKey, listIds: listId ?? "", apiUrl, timeoutMs })
    case "loops":
      return createLoopsProvider({ apiKey, mailingListId: listId, apiUrl, timeoutMs })
  }
}
