/** @jsxImportSource theme-ui */
import { graphql, type PageProps } from "gatsby"
import { HydrateLater } from "../components/shared/Hydration"
import { ConfirmSignup } from "../components/waitlist/ConfirmSignup"
import { TokenPage } from "../components/waitlist/TokenPage"

/** /confirm/#token=...: where the confirmation email's link leads. */
const ConfirmPage = ({ data }: PageProps<Queries.ConfirmPageQuery>) => {
  const page = data.page!
  return (
    <HydrateLater>
      <TokenPage heading={page.heading} intro={page.intro}>
        <ConfirmSignup copy={page} />
      </TokenPage>
    </HydrateLater>
  )
}

export default ConfirmPage

export { NoindexHead as Head } from "../components/PageHead"

export const query = graphql`
  query ConfirmPage {
    page: confirmJson {
      seo {
        ...PageSeo
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
