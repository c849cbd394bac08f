import type { ReactNode } from "react"
import { useSiteContent } from "../hooks/use-site-content"
import { absoluteUrl, canonicalUrl, formatPageTitle, serializeJsonLd } from "../lib/seo"

export const SOCIAL_IMAGE = { path: "/social-preview.png", width: 1200, height: 630 }

interface SeoProps {
  title: string
  description: string
  pathname: string
  /** schema.org data for a JSON-LD script. */
  structuredData?: object
  /** Keeps the page out of search results (the 404 page). */
  noindex?: boolean
  /** A preview picture of the page's own, in place of the site's; `alt` says what it shows. */
  image?: { path: string; width: number; height: number; alt: string }
  children?: ReactNode
}

/** Everything a page puts in <head>, for the Gatsby Head API. */
export const Seo = ({ title, description, pathname, structuredData, noindex = false, image: ownImage, children }: SeoProps) => {
  const site = useSiteContent()
  const fullTitle = formatPageTitle(title, site.brand)
  const url = canonicalUrl(site.siteUrl, pathname)
  const picture = ownImage ?? SOCIAL_IMAGE
  const image = absoluteUrl(site.siteUrl, picture.path)
  const imageAlt = ownImage?.alt ?? `${site.brand}: ${site.tagline}`
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex, follow" /> : <link rel="canonical" href={url} />}
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.brand} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(picture.width)} />
      <meta property="og:image:height" content={String(picture.height)} />
      <meta property="og:image:alt" content={imageAlt} />
      <meta property="og:locale" content={site.language === "en" ? "en_US" : site.language.replace("-", "_")} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <meta name="twitter:image:alt" content={imageAlt} />
      {structuredData && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(structuredData) }} />}
      {children}
    </>
  )
}
