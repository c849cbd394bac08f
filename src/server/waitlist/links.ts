/**
 * The links the service puts in answers and mail, built from the site's public address (SITE_URL
 * read when the server runs, never the request's Host). One place, so an answer and an email
 * written later by the sender (a milestone email) link alike.
 */
import { FRIEND_PAGE_PATH } from "../../signup/referral-landing"
import { withoutTrailingSlash } from "../../signup/site-url"

/**
 * A token page's link carries its secret in the fragment (`#token=...`), which a browser sends to
 * no server and in no Referer: no access log of ours or of a proxy's ever holds it. The page reads
 * it there and sends it in a request's body.
 */
export const pageLink = (site: string, path: string, name: "token" | "code", secret: string): string =>
  `${site}${path}#${new URLSearchParams({ [name]: secret }).toString()}`

export const siteLinks = (siteUrl: string) => {
  const site = withoutTrailingSlash(siteUrl)
  return {
    /** The page a referral link lands on ("a friend saved you a spot"), which previews with a card of its own. */
    referral: (code: string) => `${site}${FRIEND_PAGE_PATH}?${new URLSearchParams({ ref: code }).toString()}`,
    status: (token: string) => pageLink(site, "/waitlist/", "token", token),
    confirm: (token: string) => pageLink(site, "/confirm/", "token", token),
    /** An invitation to the shop, with its single-use code. */
    invite: (code: string) => pageLink(site, "/invite/", "code", code),
    /** A drop's section on the drop page. */
    drop: (id: string) => `${site}/drop/#${encodeURIComponent(id)}`,
    /** The unsubscribe page (a GET changes nothing; its button unsubscribes): the footer's link. */
    unsubscribePage: (token: string) => pageLink(site, "/unsubscribe/", "token", token),
    /**
     * The one-click link (RFC 8058) of the List-Unsubscribe header, which a mailbox provider POSTs
     * to: a query string, as the RFC needs (the provider sends the link back as it is). Its token
     * expires (UNSUBSCRIBE_LINK_DAYS), so one read from a log does not work for ever.
     */
    oneClickUnsubscribe: (token: string) => `${site}/api/unsubscribe?${new URLSearchParams({ token }).toString()}`,
  }
}
