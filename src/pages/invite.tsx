/** @jsxImportSource theme-ui */
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Seo } from "../components/Seo"
import { HydrateLater } from "../components/shared/Hydration"
import { InvitationLookup } from "../components/waitlist/InvitationLookup"
import { TokenPage } from "../components/waitlist/TokenPage"

/** /invite/#code=...: where an invitation email's link leads; shows the invitation and the way into the shop. */
const InvitePage = ({ data }: PageProps<Queries.InvitePageQuery>) => {
  const page = data.inviteJson!
  return (
    <HydrateLater>
      <TokenPage heading={page.heading} intro={page.intro}>
        <InvitationLookup copy={page} shopUrl={data.siteJson!.shopUrl} contactEmail={data.siteJson!.emails.general} />
      </TokenPage>
    </HydrateLater>
  )
}

export default InvitePage

export const Head = ({ data, location }: HeadProps<Queries.InvitePageQuery>) => (
  <Seo title={data.inviteJson!.seo.title} description={data.inviteJson!.seo.description} pathname={location.pathname} noindex />
)

export const query = graphql`
  query InvitePage {
    siteJson {
      shopUrl
      emails {
        general
      }
    }
    inviteJson {
      seo {
        title
        description
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
