import type { GatsbyBrowser } from "gatsby"
// Root API files are compiled with the classic JSX runtime, so React must be in scope.
import * as React from "react"
import { Layout } from "./src/components/layout/Layout"

export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) => (
  <Layout pathname={props.location.pathname}>{element}</Layout>
)
