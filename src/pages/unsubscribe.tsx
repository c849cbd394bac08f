/** @jsxImportSource theme-ui */
import { graphql, type PageProps } from "gatsby"
import { HydrateLater } from "../components/shared/Hydration"
import { TokenPage } from "../components/waitlist/TokenPage"
import { UnsubscribeByLink } from "../components/waitlist/UnsubscribeByLink"

/** /unsubscribe/#token=...: where the link at the foot of every email leads; the button leaves the list. */
const UnsubscribePage = ({ data }: PageProps<Queries.UnsubscribePageQuery>) => {
  const page = data.page!
  return (
    <HydrateLater>
      <TokenPage heading={page.heading}>
        <UnsubscribeByLink copy={page} />
      </TokenPage>
    </HydrateLater>
  )
}

export default UnsubscribePage

export { NoindexHead as Head } from "../components/PageHead"

export const query = graphql`
  query UnsubscribePage {
    page: unsubscribeJson {
      seo {
        ...PageSeo
      }
      heading
      question
      button
      leaving
      left
      expired {
        ...FreshLinkCopy
      }
      noToken
      notFound
      failed
      retry
      joinLink
    }
  }
`
