import { graphql, type HeadProps } from "gatsby"
import type { WebPageType } from "../lib/structured-data"
import { Seo } from "./Seo"
import { WebPageSeo } from "./WebPageSeo"

/** A page's title and description for its head: each page query selects its copy's `seo { ...PageSeo }`. */
export const pageSeo = graphql`
  fragment PageSeo on PageSeo {
    title
    description
  }
`

/** The data of a page whose query names its own copy `page` (`page: aboutJson { ... }`), as every page query does. */
interface PageQueryData {
  readonly page: { readonly seo: Queries.PageSeoFragment } | null
}

/** The Head of a page kept out of search results: the 404, the owner's page and the pages an email's link opens. */
export const NoindexHead = ({ data, location }: HeadProps<PageQueryData>) => <Seo {...data.page!.seo} pathname={location.pathname} noindex />

/** The Head of an inner page for search, with schema.org data naming its kind. */
const webPageHead = (type: WebPageType) => {
  const Head = ({ data, location }: HeadProps<PageQueryData>) => <WebPageSeo type={type} {...data.page!.seo} pathname={location.pathname} />
  return Head
}

/** The Head of each kind of inner page for search (`WebPageType`). */
export const WebPageHead = webPageHead("WebPage")
export const AboutPageHead = webPageHead("AboutPage")
export const ContactPageHead = webPageHead("ContactPage")
