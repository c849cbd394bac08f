/** @jsxImportSource theme-ui */
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Seo } from "../components/Seo"
import { HydrateLater } from "../components/shared/Hydration"
import { TokenPage } from "../components/waitlist/TokenPage"
import { UnsubscribeByLink } from "../components/waitlist/UnsubscribeByLink"

/** /unsubscribe/#token=...: where the link at the foot of every email leads; the button leaves the list. */
const UnsubscribePage = ({ data }: PageProps<Queries.UnsubscribePageQuery>) => {
  const page = data.unsubscribeJson!
  return (
    <HydrateLater>
      <TokenPage heading={page.heading}>
        <UnsubscribeByLink copy={page} />
      </TokenPage>
    </HydrateLater>
  )
}

export default UnsubscribePage

export const Head = ({ data, location }: HeadProps<Queries.UnsubscribePageQuery>) => (
  <Seo title={data.unsubscribeJson!.seo.title} description={data.unsubscribeJson!.seo.description} pathname={location.pathname} noindex />
)

export const query = graphql`
  query UnsubscribePage {
    unsubscribeJson {
      seo {
        title
        description
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
