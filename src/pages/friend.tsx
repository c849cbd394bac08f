/** @jsxImportSource theme-ui */
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { SignupSection } from "../components/forms/SignupSection"
import { Seo } from "../components/Seo"
import { HydrateLater, StaticMarkup } from "../components/shared/Hydration"
import { PageIntro } from "../components/shared/PageIntro"

/** The card of a shared referral link: "a friend put you on" (tools/build/generate-artwork.mjs draws it and the site's own). */
const FRIEND_SOCIAL_IMAGE = { path: "/social-preview-friend.png", width: 1200, height: 630 }

/**
 * /friend/?ref=CODE: where a referral link lands. A friend saved them a spot, and the signup form
 * right below; the layout remembers the link's code for the signup. A page of its own, so a shared
 * link previews with a card of its own on any host, static ones included.
 */
const FriendPage = ({ data }: PageProps<Queries.FriendPageQuery>) => {
  const page = data.page!
  return (
    <>
      <StaticMarkup>
        <PageIntro heading={page.intro.heading} paragraphs={page.intro.paragraphs} />
      </StaticMarkup>
      <HydrateLater>
        <SignupSection {...page.signup} />
      </HydrateLater>
    </>
  )
}

export default FriendPage

export const Head = ({ data, location }: HeadProps<Queries.FriendPageQuery>) => {
  const { seo } = data.page!
  // Out of search results: it speaks to someone who followed a friend's link (Home is the page for search).
  return <Seo title={seo.title} description={seo.description} pathname={location.pathname} image={{ ...FRIEND_SOCIAL_IMAGE, alt: seo.imageAlt }} noindex />
}

export const query = graphql`
  query FriendPage {
    page: friendJson {
      seo {
        title
        description
        imageAlt
      }
      intro {
        heading
        paragraphs
      }
      signup {
        heading
        text
        socialProof
      }
    }
  }
`
