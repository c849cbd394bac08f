/** The Head tests every indexed page shares: its <title>, and the JSON-LD it describes itself with. */
import { render } from "@testing-library/react"
import type { HeadProps } from "gatsby"
import type { ComponentType } from "react"
import { jsonLdTypes, readJsonLd, titleText } from "./head-helpers"
import { headProps } from "./page-fixtures"

export interface PageHeadExpectations {
  /** The test names, in each page's own words. */
  titleTest: string
  jsonLdTest: string
  title: string
  /** The schema.org @type of each JSON-LD node, in order. */
  types: string[]
  /** What the JSON-LD document holds, matched as `toMatchObject` matches. */
  jsonLd: object
}

/** "<name> page Head": the Head rendered with `data()` at `pathname`; `more` adds the page's own tests. */
export const describePageHead = <T extends object>(
  name: string,
  page: { Head: ComponentType<HeadProps<T>>; data: () => T; pathname: string },
  expected: PageHeadExpectations,
  more?: (renderHead: () => HTMLElement) => void,
): void =>
  describe(`${name} page Head`, () => {
    const renderHead = () => render(<page.Head {...headProps(page.data(), page.pathname)} />).container

    it(expected.titleTest, () => {
      expect(titleText(renderHead())).toBe(expected.title)
    })

    it(expected.jsonLdTest, () => {
      const document = readJsonLd(renderHead())
      expect(jsonLdTypes(document)).toEqual(expected.types)
      expect(document).toMatchObject(expected.jsonLd)
    })

    more?.(renderHead)
  })
