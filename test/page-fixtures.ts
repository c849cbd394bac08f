/**
 * Page-query results for page unit tests, built from the real content files, shaped like
 * the generated `Queries.*PageQuery` types Gatsby would pass to each page.
 */
import type { DropCommitment } from "../src/drop/commitment"
import type { HeadProps, PageProps } from "gatsby"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { createContentSchemas } from "../plugins/content-model/model"
import about from "../content/pages/about.json"
import confirm from "../content/pages/confirm.json"
import unsubscribe from "../content/pages/unsubscribe.json"
import invite from "../content/pages/invite.json"
import site from "../content/site.json"
import waitlist from "../content/pages/waitlist.json"
import rewards from "../content/rewards.json"
import contact from "../content/pages/contact.json"
import home from "../content/pages/home.json"
import notFound from "../content/pages/not-found.json"
import privacy from "../content/pages/privacy.json"
import categories from "../content/categories.json"
import reassurances from "../content/reassurances.json"
import slides from "../content/slides.json"
import values from "../content/values.json"
import drops from "../content/drops.json"
import drop from "../content/pages/drop.json"

/** What gatsby-plugin-sharp would hand the Carousel for one picture; the src names the file. */
export const fakeImage = (src: string): IGatsbyImageData => ({
  layout: "constrained",
  width: 1200,
  height: 675,
  images: { fallback: { src }, sources: [] },
})

/** A "YYYY-MM-DD" content date the way the page query formats it: `formatString: "YYYY-MM-DD"`. */
export const formatIsoDate = (iso: string): string => {
  const match = /^\d{4}-\d{2}-\d{2}/.exec(iso)
  if (!match) throw new Error(`not an ISO date: ${iso}`)
  return match[0]
}

// Card files read through the content model, so their icon names have the model's type.
const model = createContentSchemas({ imageExists: () => true })

export const homeData = (): Queries.HomePageQuery => ({
  page: home,
  slidesJson: {
    slides: slides.slides.map(({ caption, alt, image }) => ({
      caption,
      alt,
      image: { childImageSharp: { gatsbyImageData: fakeImage(`/${image}`) } },
    })),
  },
  categoriesJson: model.categories.parse(categories),
  reassurancesJson: model.reassurances.parse(reassurances),
  dropsJson: {
    drops: drops.drops.map(({ name, announcement, pieces }) => ({
      name,
      announcement,
      pieces: pieces.map(({ alt, image }) => ({
        alt,
        image: { childImageSharp: { gatsbyImageData: { ...fakeImage(`/${image}`), width: 400, height: 500 } } },
      })),
    })),
  },
})

type ContentDrop = (typeof drops.drops)[number] & { commitment?: DropCommitment }

/** The drop page's query result; `content` stands in for content/drops.json (a drop of the test's own). */
export const dropData = (
  content: { minimumAge: number; currency?: string; beacon?: typeof drops.beacon; drops: ContentDrop[] } = drops,
): Queries.DropPageQuery => ({
  dropsJson: {
    minimumAge: content.minimumAge,
    currency: content.currency ?? drops.currency,
    beacon: content.beacon ?? drops.beacon,
    drops: content.drops.map(({ announcement: _announcement, ...rest }) => ({
      ...rest,
      commitment: rest.commitment ?? null,
      pieces: rest.pieces.map(({ image, ...piece }) => ({
        ...piece,
        image: { childImageSharp: { gatsbyImageData: { ...fakeImage(`/${image}`), width: 720, height: 900 } } },
      })),
    })),
  },
  page: drop,
})

/** The real drops content, for tests that change a copy of it. */
export const dropsContent = drops

export const aboutData = (): Queries.AboutPageQuery => ({
  page: about,
  valuesJson: model.values.parse(values),
})

export const contactData = (): Queries.ContactPageQuery => ({ page: contact })

export const privacyData = (): Queries.PrivacyPageQuery => ({
  dropsJson: { minimumAge: drops.minimumAge },
  page: {
    seo: privacy.seo,
    heading: privacy.heading,
    intro: privacy.intro,
    sections: privacy.sections,
    updated: formatIsoDate(privacy.updated),
  },
})

export const notFoundData = (): Queries.NotFoundPageQuery => ({ page: notFound })

/** The status page's query result; `content` stands in for content/drops.json (a drop of the test's own). */
export const waitlistData = (content: { minimumAge: number; drops: typeof drops.drops } = drops): Queries.WaitlistPageQuery => ({
  page: waitlist,
  rewardsJson: { tiers: rewards.tiers },
  dropsJson: {
    minimumAge: content.minimumAge,
    drops: content.drops.map(({ id, name, opensAt, closesAt, resultsAt, redeemDays, bonus, pieces }) => ({
      id,
      name,
      opensAt,
      closesAt,
      resultsAt,
      redeemDays,
      bonus,
      pieces: pieces.map((piece) => ({ id: piece.id, name: piece.name, sizes: piece.sizes.map(({ label }) => ({ label })) })),
    })),
  },
})

export const confirmData = (): Queries.ConfirmPageQuery => ({ page: confirm })

export const unsubscribeData = (): Queries.UnsubscribePageQuery => ({ page: unsubscribe })

export const inviteData = (): Queries.InvitePageQuery => ({ siteJson: { shopUrl: site.shopUrl, emails: { general: site.emails.general } }, page: invite })

/** The raw privacy content, for tests that walk every section. */
export const privacyContent = privacy

/** Props for a page component, as Gatsby would pass them, at `pathname` on the site. */
export const pageProps = <T extends object>(data: T, pathname: string): PageProps<T> => {
  const url = new URL(pathname, "https://block94.example")
  const props = {
    path: url.pathname,
    uri: url.pathname,
    location: {
      href: url.href,
      origin: url.origin,
      protocol: url.protocol,
      host: url.host,
      hostname: url.hostname,
      port: url.port,
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      state: null,
      key: "initial",
    },
    children: undefined,
    params: {},
    pageResources: {
      json: { data, pageContext: {} },
      page: { componentChunkName: "test", path: url.pathname, webpackCompilationHash: "test" },
    },
    data,
    pageContext: {},
    serverData: {},
  }
  // A fake router location lacks Location's methods (assign, reload...), which pages never call.
  return props as unknown as PageProps<T>
}

/** Props for a page's Head export. */
export const headProps = <T extends object>(data: T, pathname: string): HeadProps<T> => ({
  location: { pathname },
  params: {},
  data,
  pageContext: {},
  serverData: {},
})
