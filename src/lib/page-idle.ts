/**
 * What waits until a page is idle, loaded on its own once it is (gatsby-browser.tsx), so none
 * of it is in a page's opening JavaScript: the page view, and on the page a visit opened with,
 * the web manifest's link.
 */
import { sendView } from "./visit-beacon"
import { linkWebManifest } from "./web-manifest"

/** `firstView`: the page load's own view, not a move within the site. */
export const pageIdle = (firstView: boolean): void => {
  sendView(firstView)
  if (firstView) linkWebManifest()
}
