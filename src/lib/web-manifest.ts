import { isValidElement, type ReactNode } from "react"

/**
 * The web manifest, written by gatsby-plugin-manifest, is linked once the page has opened and
 * is idle, not in the server HTML: a browser that finds the link checks at once whether the site
 * can be installed, and that check held up the scripts that make the page work (Chromium, six
 * page loads each way: about 80 ms more main-thread work after the first paint). Linked later,
 * the site can still be installed.
 */
export const WEB_MANIFEST_PATH = "/manifest.webmanifest"

/** Whether a head component of the server HTML is the manifest's link (left out: see above). */
export const isWebManifestLink = (component: ReactNode): boolean =>
  isValidElement<{ rel?: string }>(component) && component.type === "link" && component.props.rel === "manifest"

/** Links the manifest from the page's head, once, as the plugin would have (crossorigin included). */
export const linkWebManifest = (): void => {
  if (document.querySelector('link[rel="manifest"]')) return
  const link = document.createElement("link")
  link.rel = "manifest"
  link.href = WEB_MANIFEST_PATH
  link.crossOrigin = "anonymous"
  document.head.append(link)
}
