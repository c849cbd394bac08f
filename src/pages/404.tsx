/** @jsxImportSource theme-ui */
import { graphql, Link, type HeadProps, type PageProps } from "gatsby"
import { useEffect } from "react"
import { HydrateLater } from "../components/shared/Hydration"
import { Seo } from "../components/Seo"

const NotFoundPage = ({ data, location }: PageProps<Queries.NotFoundPageQuery>) => {
  const page = data.notFoundJson!
  useEffect(() => {
    // A visitor's typo is not an application error, so this is a warning.
    console.warn(`404: no page at ${location.pathname}`)
  }, [location.pathname])

  return (
    <HydrateLater>
      <section aria-labelledby="page-heading" sx={{ variant: "layout.container", py: [7, 9], textAlign: ["left", "center"] }}>
        <h1 id="page-heading" sx={{ variant: "text.display", mb: 4 }}>
          {page.heading}
        </h1>
        {/* 20px on phones too: larger than the cookie notice's text, which comes later and would otherwise be the largest paint. */}
        <p sx={{ variant: "text.lead", fontSize: 3, maxWidth: 560, mx: [0, "auto"], mb: 5 }}>{page.text}</p>
        <div sx={{ display: "flex", gap: 3, flexWrap: "wrap", justifyContent: ["flex-start", "center"] }}>
          <Link to="/" sx={{ variant: "buttons.primary" }}>
            {page.homeButton}
          </Link>
          <Link to="/contact/" sx={{ variant: "buttons.secondary" }}>
            {page.contactButton}
          </Link>
        </div>
      </section>
    </HydrateLater>
  )
}

export default NotFoundPage

export const Head = ({ data, location }: HeadProps<Queries.NotFoundPageQuery>) => (
  <Seo title={data.notFoundJson!.seo.title} description={data.notFoundJson!.seo.description} pathname={location.pathname} noindex />
)

export const query = graphql`
  query NotFoundPage {
    notFoundJson {
      seo {
        title
        description
      }
      heading
      text
      homeButton
      contactButton
    }
  }
`
