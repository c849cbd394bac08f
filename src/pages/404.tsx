/** @jsxImportSource theme-ui */
import { graphql, Link, type PageProps } from "gatsby"
import { useEffect } from "react"
import { HydrateLater } from "../components/shared/Hydration"

const NotFoundPage = ({ data, location }: PageProps<Queries.NotFoundPageQuery>) => {
  const page = data.page!
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

export { NoindexHead as Head } from "../components/PageHead"

export const query = graphql`
  query NotFoundPage {
    page: notFoundJson {
      seo {
        ...PageSeo
      }
      heading
      text
      homeButton
      contactButton
    }
  }
`
