/**
 * A token page's secret travels in its link's fragment (`#token=...`, `#code=...`): a browser
 * sends the fragment to no server and in no Referer, so no access log holds it, and it stays in
 * the address bar, so a bookmark of the page works in a new tab. An old email's link with the
 * secret in the query (`?token=...`) still works: the page moves the secret into the fragment at
 * once, so a reload or a bookmark never sends it to a server again.
 */
export type LinkTokenName = "token" | "code"

export interface PageAddress {
  pathname: string
  search: string
  hash: string
}

const secretIn = (params: URLSearchParams, name: LinkTokenName): string | null => params.get(name)?.trim() || null

/** The secret in a page's fragment (`#token=...`), or null. */
export const tokenFromFragment = (hash: string, name: LinkTokenName = "token"): string | null => secretIn(new URLSearchParams(hash.replace(/^#/, "")), name)

/**
 * The secret of the page's link: from the fragment, or from an old link's query string, which
 * `replaceAddress` then gets without it and with the secret in the fragment (other parameters kept).
 */
export const takeLinkToken = (address: PageAddress, name: LinkTokenName, replaceAddress: (address: string) => void): string | null => {
  const fromFragment = tokenFromFragment(address.hash, name)
  if (fromFragment !== null) return fromFragment
  const params = new URLSearchParams(address.search)
  const fromQuery = secretIn(params, name)
  if (fromQuery === null) return null
  params.delete(name)
  const rest = params.toString()
  replaceAddress(`${address.pathname}${rest ? `?${rest}` : ""}#${new URLSearchParams({ [name]: fromQuery }).toString()}`)
  return fromQuery
}
