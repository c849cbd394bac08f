/** Gatsby for unit tests: links render as anchors, queries answer from the real content. */
import * as React from "react"
import { siteQueryResult } from "../test/site-fixture"

const gatsby = jest.requireActual("gatsby")

type LinkProps = React.AnchorHTMLAttributes<HTMLAnchorElement> & {
  to: string
  activeClassName?: string
  activeStyle?: object
  partiallyActive?: boolean
}

module.exports = {
  ...gatsby,
  graphql: jest.fn(),
  Link: jest.fn(({ to, activeClassName, activeStyle, partiallyActive, ...rest }: LinkProps) =>
    React.createElement("a", {
      ...rest,
      href: to,
      "aria-current": typeof window !== "undefined" && window.location.pathname === to ? "page" : undefined,
    }),
  ),
  navigate: jest.fn(),
  StaticQuery: jest.fn(),
  useStaticQuery: jest.fn(() => siteQueryResult),
}
