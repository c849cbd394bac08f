import { useSiteContent } from "../hooks/use-site-content"
import { canonicalUrl } from "../lib/seo"
import { graph, webPage, type WebPageType } from "../lib/structured-data"
import { Seo } from "./Seo"

interface WebPageSeoProps {
  type: WebPageType
  title: string
  description: string
  pathname: string
}

/** The head of an inner page: `Seo` with schema.org data naming the kind of page. */
export const WebPageSeo = ({ type, title, description, pathname }: WebPageSeoProps) => {
  const site = useSiteContent()
  const url = canonicalUrl(site.siteUrl, pathname)
  return (
    <Seo
      title={title}
      description={description}
      pathname={pathname}
      structuredData={graph(webPage(type, { title, description, url, siteUrl: site.siteUrl }))}
    />
  )
}
