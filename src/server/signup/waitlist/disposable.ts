/** Throwaway mailboxes, from the kept list of the `mailchecker` package (tens of thousands of domains). */
import { blacklist } from "mailchecker"
import { asciiDomain } from "../../../signup/rules"

const DISPOSABLE_DOMAINS = blacklist()

/** Whether the address is at a disposable-mail domain or any subdomain of one. */
export const isDisposableAddress = (email: string): boolean => {
  const domain = asciiDomain(email.trim().slice(email.trim().lastIndexOf("@") + 1))
  if (!domain) return false
  const labels = domain.split(".")
  return labels.some((_label, index) => DISPOSABLE_DOMAINS.has(labels.slice(index).join(".")))
}
