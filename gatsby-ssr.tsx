import type { GatsbySSR } from "gatsby"
// Root API files are compiled with the classic JSX runtime, so React must be in scope.
import * as React from "react"
import "@fontsource/archivo-black/latin-400.css"
import site from "./content/site.json"
import { Layout } from "./src/components/layout/Layout"

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: site.language })
}

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) => (
  <Layout pathname={props.location.pathname}>{element}</Layout>
)
