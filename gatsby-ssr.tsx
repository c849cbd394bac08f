import type { GatsbySSR } from "gatsby"
// Root API files are compiled with the classic JSX runtime, so React must be in scope.
import * as React from "react"
import site from "./content/site.json"
import { Layout } from "./src/components/layout/Layout"
import { holdEarlySubmitsScript } from "./src/lib/early-submit"
import { rootStylesheet } from "./src/lib/root-styles"
import { PAGES_FORMATTING_ON_LOAD } from "./src/lib/routes"
import { isWebManifestLink } from "./src/lib/web-manifest"
import theme, { rootStyles } from "./src/theme"

/** The heading face, cut to capitals by `npm run fonts` (static/fonts/). */
const HEADING_FONT_URL = "/fonts/archivo-black-caps.woff2"
const HEADING_FONT_FACE = `@font-face{font-family:"Archivo Black";font-style:normal;font-weight:400;font-display:swap;src:url(${HEADING_FONT_URL}) format("woff2")}`

/** Warms the browser's date and number formatters on another thread (static/warm-formatters.js). */
const WARM_FORMATTERS = 'try{new Worker("/warm-formatters.js")}catch(e){}'

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ pathname, setHtmlAttributes, setHeadComponents }) => {
  setHtmlAttributes({ lang: site.language })
  // The heading face is in the first screen of every page: fetch it with the HTML, not after the CSS.
  setHeadComponents([
    // The page's base (colours, type, box sizing) in the head, before the component styles.
    <style key="root-styles" dangerouslySetInnerHTML={{ __html: rootStylesheet(theme, rootStyles) }} />,
    <link key="heading-font" rel="preload" href={HEADING_FONT_URL} as="font" type="font/woff2" crossOrigin="anonymous" />,
    <style key="heading-font-face" dangerouslySetInnerHTML={{ __html: HEADING_FONT_FACE }} />,
    // Before any form: a form sent before the page's JavaScript has come waits for it (src/lib/early-submit.ts).
    <script key="hold-early-submits" dangerouslySetInnerHTML={{ __html: holdEarlySubmitsScript }} />,
    ...(PAGES_FORMATTING_ON_LOAD.includes(pathname) ? [<script key="warm-formatters" dangerouslySetInnerHTML={{ __html: WARM_FORMATTERS }} />] : []),
  ])
}

// The web manifest is linked by the page once it is idle (src/lib/page-idle.ts).
export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ getHeadComponents, replaceHeadComponents }) => {
  replaceHeadComponents(getHeadComponents().filter((component) => !isWebManifestLink(component)))
}

export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) => <Layout pathname={props.location.pathname}>{element}</Layout>
