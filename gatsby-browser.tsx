import type { GatsbyBrowser } from "gatsby"
// Root API files are compiled with the classic JSX runtime, so React must be in scope.
import * as React from "react"
import { Layout } from "./src/components/layout/Layout"
import { endHydration, startHydration } from "./src/lib/hydration"

export const onClientEntry: GatsbyBrowser["onClientEntry"] = () => {
  // Gatsby hydrates when the page came with server HTML: every built page, not `gatsby develop`.
  if (document.getElementById("___gatsby")?.hasChildNodes()) startHydration()
}

export const onInitialClientRender: GatsbyBrowser["onInitialClientRender"] = () => endHydration()

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) => <Layout pathname={props.location.pathname}>{element}</Layout>
