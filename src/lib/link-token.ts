/**
 * A token page's secret (`?token=` or `?code=`) leaves the address bar as soon as the page has
 * read it, so it is not in the history, a screenshot, a shared link or a bookmark. The tab keeps
 * it (sessionStorage, per page) so a reload still works; it goes when the tab closes.
 */
import { tokenFromSearch } from "./waitlist-client"

export type LinkTokenName = "token" | "code"

export interface PageAddress {
  pathname: string
  search: string
  hash: string
}

const storageKey = (name: LinkTokenName, pathname: string): string => `link-${name}:${pathname}`

/** The address without the token, other parameters kept. */
export const addressWithout = ({ pathname, search, hash }: PageAddress, name: LinkTokenName): string => {
  const params = new URLSearchParams(search)
  params.delete(name)
  const rest = params.toString()
  return `${pathname}${rest ? `?${rest}` : ""}${hash}`
}

/**
 * The token of the page's link, or the one this tab read on this page before; takes it out of
 * the address (through `replaceAddress`) when the link has one.
 */
export const takeLinkToken = (
  address: PageAddress,
  name: LinkTokenName,
  storage: Storage | undefined,
  replaceAddress: (address: string) => void,
): string | null => {
  const fromLink = tokenFromSearch(address.search, name)
  const key = storageKey(name, address.pathname)
  try {
    if (fromLink === null) return storage?.getItem(key) ?? null
    storage?.setItem(key, fromLink)
  } catch {
    // Storage blocked: the token still works for this view of the page.
  }
  replaceAddress(addressWithout(address, name))
  return fromLink
}
