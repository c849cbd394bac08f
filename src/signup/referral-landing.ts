/**
 * Where a referral link lands: the friend page (src/pages/friend.tsx), "a friend saved you a
 * spot", which previews with a card of its own on any host. Links shared before it existed
 * point at Home (`/?ref=CODE`); serve:prod sends those on to it, the query kept.
 */
export const FRIEND_PAGE_PATH = "/friend/"

/** Where a request for Home with a referral code goes instead (`/?ref=CODE` -> `/friend/?ref=CODE`); null for any other. */
export const referralLanding = (path: string, search: string): string | null => {
  if (path !== "/") return null
  const code = new URLSearchParams(search).get("ref")
  return code ? `${FRIEND_PAGE_PATH}${search.startsWith("?") ? search : `?${search}`}` : null
}
