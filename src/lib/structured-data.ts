/** schema.org objects for the pages' JSON-LD. */
import { absoluteUrl } from "./seo"

export interface OrganizationFacts {
  brand: string
  description: string
  siteUrl: string
  email: string
  sameAs: string[]
}

export const organization = (facts: OrganizationFacts) => ({
  "@type": "Organization",
  "@id": `${absoluteUrl(facts.siteUrl, "/")}#organization`,
  name: facts.brand,
  url: absoluteUrl(facts.siteUrl, "/"),
  logo: absoluteUrl(facts.siteUrl, "/icons/icon-512x512.png"),
  description: facts.description,
  email: facts.email,
  sameAs: facts.sameAs,
})

export const website = (facts: OrganizationFacts) => ({
  "@type": "WebSite",
  "@id": `${absoluteUrl(facts.siteUrl, "/")}#website`,
  name: facts.brand,
  url: absoluteUrl(facts.siteUrl, "/"),
  description: facts.description,
  publisher: { "@id": `${absoluteUrl(facts.siteUrl, "/")}#organization` },
})

export type WebPageType = "WebPage" | "AboutPage" | "ContactPage"

export const webPage = (type: WebPageType, page: { title: string; description: string; url: string; siteUrl: string }) => ({
  "@type": type,
  name: page.title,
  description: page.description,
  url: page.url,
  isPartOf: { "@id": `${absoluteUrl(page.siteUrl, "/")}#website` },
})

/** Wraps several nodes into one JSON-LD document. */
export const graph = (...nodes: object[]) => ({ "@context": "https://schema.org", "@graph": nodes })
