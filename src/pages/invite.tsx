/** @jsxImportSource theme-ui */
import { graphql, type PageProps } from "gatsby"
import { HydrateLater } from "../components/shared/Hydration"
import { InvitationLookup } from "../components/waitlist/InvitationLookup"
import { TokenPage } from "../components/waitlist/TokenPage"

/** /invite/#code=...: where an invitation email's link leads; shows the invitation and the way into the shop. */
const InvitePage = ({ data }: PageProps<Queries.InvitePageQuery>) => {
  const page = data.page!
  return (
    <HydrateLater>
      <TokenPage heading={page.heading} intro={page.intro}>
        <InvitationLookup copy={page} shopUrl={data.siteJson!.shopUrl} contactEmail={data.siteJson!.emails.general} />
      </TokenPage>
    </HydrateLater>
  )
}

export default InvitePage

export { NoindexHead as Head } from "../components/PageHead"

export const query = graphql`
  query InvitePage {
    siteJson {
      shopUrl
      emails {
        general
      }
    }
    page: inviteJson {
      seo {
        ...PageSeo
      }
      heading
      intro
      checking
      valid {
        eyebrow
        heading
        text
        button
      }
      redeemed
      drop {
        eyebrow
        heading
        text
        button
        passed
      }
      expired
      noCode
      notFound
      failed
      retry
      joinLink
    }
  }
`
