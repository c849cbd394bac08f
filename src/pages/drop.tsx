/** @jsxImportSource theme-ui */
import { graphql, type HeadProps, type PageProps } from "gatsby"
import { CheckTheDraw } from "../components/drop/CheckTheDraw"
import { Commitment } from "../components/drop/Commitment"
import type { DropContent } from "../components/drop/copy"
import { DropHeader } from "../components/drop/DropHeader"
import { DropPieces } from "../components/drop/DropPieces"
import { DropSchedule } from "../components/drop/DropSchedule"
import { EnterNote } from "../components/drop/EnterNote"
import { HowItWorks } from "../components/drop/HowItWorks"
import { LiveDraw } from "../components/drop/LiveDraw"
import { WebPageSeo } from "../components/Seo"
import { HydrateLater, StaticMarkup } from "../components/shared/Hydration"
import { PageIntro } from "../components/shared/PageIntro"
import type { BeaconChain, BeaconScheme } from "../drop/beacon"
import { sizeKey } from "../drop/contract"
import type { BuiltDrop } from "../drop/verify"
import { useSiteContent } from "../hooks/use-site-content"
import { newestFirst } from "../lib/drop-schedule"

type QueriedDrop = NonNullable<Queries.DropPageQuery["dropsJson"]>["drops"][number]
type QueriedBeacon = NonNullable<Queries.DropPageQuery["dropsJson"]>["beacon"]

const toDropContent = (drop: QueriedDrop): DropContent => ({
  ...drop,
  pieces: drop.pieces.map((piece) => ({ ...piece, image: piece.image.childImageSharp?.gatsbyImageData ?? null })),
  commitment: drop.commitment ?? null,
})

/** The beacon chain as content pins it; the content model allows only the schemes a draw can check. */
const toChain = (beacon: QueriedBeacon): BeaconChain => ({ ...beacon, scheme: beacon.scheme as BeaconScheme })

/** What the page's check holds the live record to: the commitment, window and chain this page was built with. */
const builtDrop = (drop: DropContent, chain: BeaconChain): BuiltDrop => ({
  commitment: drop.commitment,
  window: { opensAt: drop.opensAt, closesAt: drop.closesAt },
  chain,
})

/** Each size's name for people, by the key entries and the draw use: "hoodie/M" -> "Block Heavyweight Hoodie, M". */
const sizeNamesOf = (drop: DropContent): Record<string, string> =>
  Object.fromEntries(drop.pieces.flatMap((piece) => piece.sizes.map((size) => [sizeKey(piece.id, size.label), `${piece.name}, ${size.label}`])))

/** /drop/: every drop, newest window first: what is in it, when to enter, how it works, and its draw to check. */
const DropPage = ({ data }: PageProps<Queries.DropPageQuery>) => {
  const site = useSiteContent()
  const page = data.dropJson!
  const { minimumAge, drops } = data.dropsJson!
  const chain = toChain(data.dropsJson!.beacon)
  return (
    <>
      <StaticMarkup>
        <PageIntro heading={page.heading} paragraphs={[page.intro]} />
        {drops.length === 0 && <p sx={{ variant: "layout.narrow", py: [6, 7], fontSize: [2, 3] }}>{page.empty}</p>}
      </StaticMarkup>
      {newestFirst(drops.map(toDropContent)).map((drop) => (
        <article
          key={drop.id}
          id={drop.id}
          aria-labelledby={`${drop.id}-heading`}
          sx={{ variant: "layout.container", py: [6, 7], "& + &": { borderTop: "2px solid", borderColor: "border" } }}
        >
          <StaticMarkup>
            <DropHeader id={drop.id} name={drop.name} summary={drop.summary} />
          </StaticMarkup>
          <HydrateLater>
            <DropSchedule drop={drop} copy={page} language={site.language} />
          </HydrateLater>
          <StaticMarkup>
            <DropPieces dropId={drop.id} pieces={drop.pieces} copy={page.pieces} language={site.language} />
            <HowItWorks dropId={drop.id} bonus={drop.bonus} redeemDays={drop.redeemDays} minimumAge={minimumAge} copy={page.how} />
          </StaticMarkup>
          <HydrateLater>
            <EnterNote copy={page.enter} minimumAge={minimumAge} />
          </HydrateLater>
          <StaticMarkup>
            <CheckTheDraw dropId={drop.id} copy={page.check} />
            <Commitment dropId={drop.id} commitment={drop.commitment} chain={chain} language={site.language} copy={page.commitment} />
          </StaticMarkup>
          <HydrateLater>
            <LiveDraw
              dropId={drop.id}
              built={builtDrop(drop, chain)}
              copy={page.live}
              noscript={page.noscript}
              sizeNames={sizeNamesOf(drop)}
              language={site.language}
            />
          </HydrateLater>
        </article>
      ))}
    </>
  )
}

export default DropPage

export const Head = ({ data, location }: HeadProps<Queries.DropPageQuery>) => <WebPageSeo type="WebPage" {...data.dropJson!.seo} pathname={location.pathname} />

export const query = graphql`
  query DropPage {
    dropsJson {
      minimumAge
      beacon {
        name
        chainHash
        publicKey
        genesis
        period
        scheme
        relays
      }
      drops {
        ...DropSchedule
        summary
        pieces {
          id
          name
          description
          alt
          sizes {
            label
            quantity
          }
          image {
            childImageSharp {
              gatsbyImageData(
                layout: CONSTRAINED
                width: 720
                aspectRatio: 0.8
                breakpoints: [360, 540, 720]
                sizes: "(min-width: 1024px) 344px, (min-width: 640px) calc(50vw - 44px), calc(100vw - 32px)"
              )
            }
          }
        }
        commitment {
          seedHash
          chainHash
          round
          opensAt
          closesAt
          committedAt
        }
      }
    }
    dropJson {
      seo {
        title
        description
      }
      heading
      intro
      empty
      pieces {
        heading
        sizes
        quantity
        quantityOne
        total
      }
      window {
        heading
        opens
        closes
        results
        utcNote
        localNote
      }
      countdown {
        toOpen
        toClose
        toResults
        over
        days
        hours
        minutes
        seconds
      }
      how {
        heading
        steps
        bonus
        noBonus
        age
        redeem
      }
      enter {
        text
        joinLink
      }
      check {
        heading
        paragraphs
      }
      commitment {
        heading
        intro
        none
        seedHash
        beacon
        round
        beaconAt
        committedAt
      }
      live {
        heading
        intro
        loading
        unavailable
        phase
        phases {
          scheduled
          open
          closed
          drawn
        }
        seedHash
        committedAt
        beacon
        notYet
        entrants
        size
        stock
        entries
        listHash
        frozenAt
        listLink
        seed
        drawnAt
        winners
        winnersOf
        promoted
        idsNote
        verify {
          button
          checking
          intro
          match
          mismatch
          failed
        }
      }
      noscript
    }
  }
`
