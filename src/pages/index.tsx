/** @jsxImportSource theme-ui */
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { Suspense } from "react"
import { SignupSection } from "../components/forms/SignupSection"
import type { CarouselSlide } from "../components/home/Carousel"
import { DropAnnouncement } from "../components/home/DropAnnouncement"
import { Hero } from "../components/home/Hero"
import type { HeroPieceProps } from "../components/home/HeroPiece"
import { Reassurances } from "../components/home/Reassurances"
import { WhySnippet } from "../components/home/WhySnippet"
import { HydrateLater, lazyAfterIdle, StaticMarkup } from "../components/shared/Hydration"
import { Seo } from "../components/Seo"
import { CardGrid } from "../components/shared/CardGrid"
import { Section } from "../components/shared/Section"
import { useSiteContent, useUiCopy } from "../hooks/use-site-content"
import { graph, organization, website } from "../lib/structured-data"

/**
 * Below the first screen, the carousel's code comes once the browser is idle, the first slide
 * showing from the server HTML until then. Server rendering takes it at once, so the HTML stays in
 * page order; the build names its stage, and the browser's build leaves this branch out.
 */
const Carousel =
  process.env.BUILD_STAGE === "build-html" || process.env.BUILD_STAGE === "develop-html"
    ? // eslint-disable-next-line @typescript-eslint/no-require-imports -- the server's build only: a static import would ship it to the browser
      (require("../components/home/Carousel") as typeof import("../components/home/Carousel")).Carousel
    : lazyAfterIdle(() => import("../components/home/Carousel").then((module) => module.Carousel))

const toCarouselSlides = (slides: Queries.HomePageQuery["slidesJson"]): CarouselSlide[] =>
  (slides?.slides ?? []).flatMap(({ image, caption, alt }) => {
    const data = image.childImageSharp?.gatsbyImageData
    return data ? [{ image: data, caption, alt }] : []
  })

/** The notes of the drops announced on Home, in the order of drops.json. */
const dropNotes = (drops: Queries.HomePageQuery["dropsJson"]) =>
  (drops?.drops ?? []).flatMap(({ announcement }) => (announcement.show ? [announcement.text] : []))

/** The first piece of the first drop announced on Home, for the first screen. */
const heroPiece = (drops: Queries.HomePageQuery["dropsJson"]): HeroPieceProps | undefined => {
  const drop = (drops?.drops ?? []).find(({ announcement }) => announcement.show)
  const piece = drop?.pieces[0]
  const image = piece?.image.childImageSharp?.gatsbyImageData
  return drop && piece && image ? { image, alt: piece.alt, caption: drop.name } : undefined
}

const HomePage = ({ data }: PageProps<Queries.HomePageQuery>) => {
  const site = useSiteContent()
  const ui = useUiCopy()
  const page = data.page!
  return (
    <>
      <HydrateLater>
        <Hero {...page.hero} piece={heroPiece(data.dropsJson)} />
      </HydrateLater>
      <StaticMarkup>
        <Reassurances items={data.reassurancesJson?.reassurances ?? []} label={ui.reassurancesLabel} />
      </StaticMarkup>
      <HydrateLater>
        <Section heading={page.carousel.heading}>
          <Suspense fallback={null}>
            <Carousel
              label={page.carousel.label}
              slides={toCarouselSlides(data.slidesJson)}
              intervalMs={site.carousel.intervalMs}
              transitionMs={site.carousel.transitionMs}
            />
          </Suspense>
        </Section>
      </HydrateLater>
      <StaticMarkup>
        <Section heading={page.explore.heading} intro={page.explore.intro} tone="surface">
          <CardGrid cards={data.categoriesJson?.categories ?? []} badge={page.explore.badge} />
        </Section>
      </StaticMarkup>
      <HydrateLater>
        <WhySnippet {...page.why} />
      </HydrateLater>
      <HydrateLater>
        {/* In the signup section's own hydration slot: a link and words, nothing that runs. */}
        <DropAnnouncement notes={dropNotes(data.dropsJson)} linkLabel={page.dropLink} />
        <SignupSection {...page.signup} />
      </HydrateLater>
    </>
  )
}

export default HomePage

export const Head = ({ data, location }: HeadProps<Queries.HomePageQuery>) => {
  const site = useSiteContent()
  const facts = {
    brand: site.brand,
    description: site.description,
    siteUrl: site.siteUrl,
    email: site.emails.general,
    sameAs: site.social.map(({ url }) => url),
  }
  return <Seo {...data.page!.seo} pathname={location.pathname} structuredData={graph(organization(facts), website(facts))} />
}

export const query = graphql`
  query HomePage {
    page: homeJson {
      seo {
        ...PageSeo
      }
      hero {
        eyebrow
        headline
        subtext
        primaryButton
        secondaryButton
      }
      carousel {
        heading
        label
      }
      explore {
        heading
        intro
        badge
      }
      why {
        heading
        text
        linkLabel
      }
      signup {
        heading
        text
        socialProof
      }
      dropLink
    }
    dropsJson {
      drops {
        name
        announcement {
          show
          text
        }
        pieces {
          alt
          image {
            childImageSharp {
              gatsbyImageData(
                layout: CONSTRAINED
                width: 400
                aspectRatio: 0.8
                breakpoints: [140, 280, 400, 560, 800]
                sizes: "(min-width: 1024px) 400px, (min-width: 640px) 38vw, 132px"
              )
            }
          }
        }
      }
    }
    slidesJson {
      slides {
        caption
        alt
        image {
          childImageSharp {
            gatsbyImageData(
              layout: CONSTRAINED
              width: 1200
              aspectRatio: 1.7778
              breakpoints: [400, 640, 800, 1200]
              sizes: "(min-width: 1280px) 1104px, (min-width: 640px) calc(100vw - 64px), calc(100vw - 32px)"
            )
          }
        }
      }
    }
    categoriesJson {
      categories {
        icon
        title
        description
      }
    }
    reassurancesJson {
      reassurances {
        icon
        title
        description
      }
    }
  }
`
