/**
 * The links the service puts in answers and mail, built from the site's public address (SITE_URL
 * read when the server runs, never the request's Host). One place, so an answer and an email
 * written later by the sender (a milestone email) link alike.
 */
import { withoutTrailingSlash } from "../../signup/site-url"

export const siteLinks = (siteUrl: string) => {
  const site = withoutTrailingSlash(siteUrl)
  const withToken = (path: string, token: string) => `${site}${path}?${new URLSearchParams({ token }).toString()}`
  return {
    referral: (code: string) => `${site}/?${new URLSearchParams({ ref: code }).toString()}`,
    status: (token: string) => withToken("/waitlist/", token),
    confirm: (token: string) => withToken("/confirm/", token),
    /** An invitation to the shop, with its single-use code. */
    invite: (code: string) => `${site}/invite/?${new URLSearchParams({ code }).toString()}`,
    /** A drop's section on the drop page. */
    drop: (id: string) => `${site}/drop/#${encodeURIComponent(id)}`,
    /** The unsubscribe page (a GET changes nothing; its button unsubscribes): the footer's link. */
    unsubscribePage: (token: string) => withToken("/unsubscribe/", token),
    /** The one-click link (RFC 8058) of the List-Unsubscribe header, which a mailbox provider POSTs to. */
    oneClickUnsubscribe: (token: string) => withToken("/api/unsubscribe", token),
  }
}

export type SiteLinks = ReturnType<typeof siteLinks>
