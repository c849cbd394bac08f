/** What `useSiteContent` returns in unit tests: the real content/site.json. */
import site from "../content/site.json"
import drops from "../content/drops.json"
import ui from "../content/ui.json"

export const siteFixture = {
  ...site,
  siteUrl: site.siteUrl,
  buildYear: 2026,
}

/** The raw shape of the SiteContent static query, as Gatsby would answer it. */
export const siteQueryResult = {
  site: { buildYear: "2026", siteMetadata: { siteUrl: site.siteUrl } },
  siteJson: site,
  uiJson: ui,
  dropsJson: { minimumAge: drops.minimumAge, drops: drops.drops },
}
