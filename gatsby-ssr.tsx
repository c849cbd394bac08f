import type { GatsbySSR } from "gatsby"
// Root API files are compiled with the classic JSX runtime, so React must be in scope.
import * as React from "react"
import "@fontsource/archivo-black/latin-400.css"
import headingFont from "@fontsource/archivo-black/files/archivo-black-latin-400-normal.woff2"
import site from "./content/site.json"
import { Layout } from "./src/components/layout/Layout"

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: site.language })
  // The heading face is in the first screen of every page: fetch it with the HTML, not after the CSS.
  setHeadComponents([<link key="heading-font" rel="preload" href={headingFont} as="font" type="font/woff2" crossOrigin="anonymous" />])
}

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) => (
  <Layout pathname={props.location.pathname}>{element}</Layout>
)
