/** Throwaway mailboxes, from the kept list of the `mailchecker` package (tens of thousands of domains). */
import { asciiDomain } from "../../signup/rules"

// Loaded with the first address checked: only signups and resends check one, so other code (the
// other Functions' cold starts) never evaluates the list. "eager" keeps it in the Function's one file.
let disposableDomains: Promise<Set<string>> | null = null
const domains = () =>
  // A CommonJS package: its exports come as `default` (Node sees no named ones in it).
  (disposableDomains ??= import(/* webpackMode: "eager" */ "mailchecker").then(({ default: mailchecker }) => mailchecker.blacklist()))

/** Whether the address is at a disposable-mail domain or any subdomain of one. */
export const isDisposableAddress = async (email: string): Promise<boolean> => {
  const disposable = await domains()
  const domain = asciiDomain(email.trim().slice(email.trim().lastIndexOf("@") + 1))
  // The domain, then each parent domain in turn: "a.b.trash.com", "b.trash.com", "trash.com", "com".
  let suffix = domain
  while (suffix) {
    if (disposable.has(suffix)) return true
    const dot = suffix.indexOf(".")
    suffix = dot === -1 ? null : suffix.slice(dot + 1)
  }
  return false
}
