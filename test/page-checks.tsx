/** Checks every page's tests share: its one h1, and its Head's <title> and JSON-LD. */
import { render, screen } from "@testing-library/react"
import type { HeadProps } from "gatsby"
import type { ComponentType } from "react"
import { jsonLdTypes, readJsonLd, titleText } from "./head-helpers"
import { headProps } from "./page-fixtures"

/** The page's one h1; fails the test when there is none or more than one. */
export const theOneH1 = (): HTMLElement => {
  const h1s = screen.getAllByRole("heading", { level: 1 })
  expect(h1s).toHaveLength(1)
  return h1s[0]
}

/** What the Head's JSON-LD holds: the schema.org @type of each node in order, and the rest as `toMatchObject` matches. */
export interface JsonLdExpectations {
  /** The test's name, in the page's own words. */
  test: string
  types: string[]
  matches: object
}

/**
 * "<name> page Head": the Head rendered with `data()` at `pathname` has the `title` (with the test's
 * name when it is not "sets the title with the brand") and the JSON-LD; `more` adds the page's own tests.
 */
export const describePageHead = <T extends object>(
  name: string,
  page: { Head: ComponentType<HeadProps<T>>; data: () => T; pathname: string },
  title: string | { test: string; text: string },
  jsonLd: JsonLdExpectations,
  more?: (renderHead: () => HTMLElement) => void,
): void =>
  describe(`${name} page Head`, () => {
    const renderHead = () => render(<page.Head {...headProps(page.data(), page.pathname)} />).container
    const { test, text } = typeof title === "string" ? { test: "sets the title with the brand", text: title } : title

    it(test, () => {
      expect(titleText(renderHead())).toBe(text)
    })

    it(jsonLd.test, () => {
      const document = readJsonLd(renderHead())
      expect(jsonLdTypes(document)).toEqual(jsonLd.types)
      expect(document).toMatchObject(jsonLd.matches)
    })

    more?.(renderHead)
  })
