/** @jsxImportSource theme-ui */
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Seo } from "../components/Seo"
import { HydrateLater } from "../components/shared/Hydration"
import { ConfirmSignup } from "../components/waitlist/ConfirmSignup"
import { TokenPage } from "../components/waitlist/TokenPage"

/** /confirm/#token=...: where the confirmation email's link leads. */
const ConfirmPage = ({ data }: PageProps<Queries.ConfirmPageQuery>) => {
  const page = data.confirmJson!
  return (
    <HydrateLater>
      <TokenPage heading={page.heading} intro={page.intro}>
        <ConfirmSignup copy={page} />
      </TokenPage>
    </HydrateLater>
  )
}

export default ConfirmPage

export const Head = ({ data, location }: HeadProps<Queries.ConfirmPageQuery>) => (
  <Seo title={data.confirmJson!.seo.title} description={data.confirmJson!.seo.description} pathname={location.pathname} noindex />
)

export const query = graphql`
  query ConfirmPage {
    confirmJson {
      seo {
        title
        description
      }
      heading
      intro
      confirming
      confirmed
      expired
      noToken
      notFound
      failed
      retry
      joinLink
    }
  }
`
