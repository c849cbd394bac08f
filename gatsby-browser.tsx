import type { GatsbyBrowser } from "gatsby"
// Root API files are compiled with the classic JSX runtime, so React must be in scope.
import * as React from "react"
import { Layout } from "./src/components/layout/Layout"
import { endHydration, startHydration } from "./src/lib/hydration"
import { whenIdle } from "./src/lib/idle"

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  // Gatsby hydrates when the page came with server HTML: every built page, not `gatsby develop`.
  if (document.getElementById("___gatsby")?.hasChildNodes()) startHydration()
}

export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => endHydration()

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) => <Layout pathname={props.location.pathname}>{element}</Layout>

// Once per page load and per move to another page of the site, when the page is idle, code
// loaded on its own counts the view and, on the first page, links the web manifest
// (src/lib/page-idle.ts). A change of the fragment or query alone is the same page.
export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ location, prevLocation }) => {
  if (prevLocation && prevLocation.pathname === location.pathname) return
  whenIdle(() => void import("./src/lib/page-idle").then(({ pageIdle }) => pageIdle(!prevLocation)).catch(() => undefined))
}
