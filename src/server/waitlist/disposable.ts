/** Throwaway mailboxes, from the kept list of the `mailchecker` package (tens of thousands of domains). */
import { blacklist } from "mailchecker"
import { asciiDomain } from "../../signup/rules"

const DISPOSABLE_DOMAINS = blacklist()

/** Whether the address is at a disposable-mail domain or any subdomain of one. */
export const isDisposableAddress = (email: string): boolean => {
  const domain = asciiDomain(email.trim().slice(email.trim().lastIndexOf("@") + 1))
  // The domain, then each parent domain in turn: "a.b.trash.com", "b.trash.com", "trash.com", "com".
  let suffix = domain
  while (suffix) {
    if (DISPOSABLE_DOMAINS.has(suffix)) return true
    const dot = suffix.indexOf(".")
    suffix = dot === -1 ? null : suffix.slice(dot + 1)
  }
  return false
}
