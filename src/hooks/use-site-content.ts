import { graphql, useStaticQuery } from "gatsby"

/** Site-wide settings from content/site.json, for the pieces on every page (header, footer, SEO). */
export const useSiteContent = () => {
  const data = useStaticQuery<Queries.SiteContentQuery>(graphql`
    query SiteContent {
      site {
        buildYear: buildTime(formatString: "YYYY")
        siteMetadata {
          siteUrl
        }
      }
      siteJson {
        brand
        tagline
        description
        language
        emails {
          general
          business
        }
        social {
          network
          url
        }
        responseTime
        socialProof
        carousel {
          intervalMs
          transitionMs
        }
      }
    }
  `)
  if (!data.siteJson) throw new Error("content/site.json is missing")
  return {
    ...data.siteJson,
    siteUrl: data.site?.siteMetadata?.siteUrl ?? "",
    buildYear: Number(data.site?.buildYear ?? new Date().getFullYear()),
  }
}

export type SiteContent = ReturnType<typeof useSiteContent>
