/** @jsxImportSource theme-ui */
import { graphql, type PageProps } from "gatsby"
import { CheckFold } from "../components/drop/CheckFold"
import { CheckTheDraw } from "../components/drop/CheckTheDraw"
import { Commitment } from "../components/drop/Commitment"
import { dropSectionId, type DropContent } from "../components/drop/copy"
import { DropAction } from "../components/drop/DropAction"
import { DropActionBar } from "../components/drop/DropActionBar"
import { DropHeader, DropSummary } from "../components/drop/DropHeader"
import { DropPieces } from "../components/drop/DropPieces"
import { DropSchedule } from "../components/drop/DropSchedule"
import { HowItWorks } from "../components/drop/HowItWorks"
import { LiveDraw } from "../components/drop/LiveDraw"
import { HydrateLater, StaticMarkup } from "../components/shared/Hydration"
import { PageIntro } from "../components/shared/PageIntro"
import type { BeaconChain, BeaconScheme } from "../drop/beacon"
import { sizeKey } from "../drop/contract"
import type { BuiltDrop } from "../drop/verify"
import { useSiteContent } from "../hooks/use-site-content"
import { newestFirst } from "../lib/announced-drop"

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

/**
 * /drop/: every drop, newest window first: its pieces first, then when to enter with the one
 * action for the visitor's stage (on phones also in a bar at the foot of the screen, for the
 * newest drop), how it works, and, folded, how to check its draw.
 */
const DropPage = ({ data }: PageProps<Queries.DropPageQuery>) => {
  const site = useSiteContent()
  const page = data.page!
  const { minimumAge, currency, drops } = data.dropsJson!
  const chain = toChain(data.dropsJson!.beacon)
  return (
    <>
      <StaticMarkup>
        <PageIntro heading={page.heading} paragraphs={[page.intro]} compact />
        {drops.length === 0 && <p sx={{ variant: "layout.narrow", py: [6, 7], fontSize: [2, 3] }}>{page.empty}</p>}
      </StaticMarkup>
      {newestFirst(drops.map(toDropContent)).map((drop, index) => (
        <article
          key={drop.id}
          id={drop.id}
          aria-labelledby={`${drop.id}-heading`}
          sx={{ variant: "layout.container", pt: [4, 5], pb: [6, 7], "& + &": { borderTop: "2px solid", borderColor: "border", pt: [6, 7] } }}
        >
          <StaticMarkup>
            <DropHeader id={drop.id} name={drop.name} />
            <DropPieces
              dropId={drop.id}
              pieces={drop.pieces}
              copy={page.pieces}
              details={page.details}
              currency={currency}
              language={site.language}
              eagerFirst={index === 0}
            />
            <DropSummary summary={drop.summary} />
          </StaticMarkup>
          <HydrateLater>
            <DropSchedule drop={drop} copy={page} language={site.language} />
          </HydrateLater>
          <HydrateLater>
            <DropAction drop={drop} copy={page} minimumAge={minimumAge} sizeNames={sizeNamesOf(drop)} />
          </HydrateLater>
          <StaticMarkup>
            <HowItWorks dropId={drop.id} bonus={drop.bonus} redeemDays={drop.redeemDays} copy={page.how} />
          </StaticMarkup>
          <CheckFold id={dropSectionId(drop.id, "check")} heading={page.check.heading}>
            <StaticMarkup>
              <CheckTheDraw copy={page.check} />
              <Commitment dropId={drop.id} commitment={drop.commitment} chain={chain} language={site.language} copy={page.commitment} />
            </StaticMarkup>
            <HydrateLater>
              <LiveDraw
                dropId={drop.id}
                built={builtDrop(drop, chain)}
                resultsAt={drop.resultsAt}
                copy={page.live}
                checkOpens={page.action.checkOpens}
                noscript={page.noscript}
                sizeNames={sizeNamesOf(drop)}
                language={site.language}
              />
            </HydrateLater>
          </CheckFold>
          {index === 0 && (
            <HydrateLater>
              <DropActionBar drop={drop} copy={page} sizeNames={sizeNamesOf(drop)} />
            </HydrateLater>
          )}
        </article>
      ))}
    </>
  )
}

export default DropPage

export { WebPageHead as Head } from "../components/PageHead"

export const query = graphql`
  query DropPage {
    dropsJson {
      minimumAge
      currency
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
        label
        summary
        pieces {
          id
          name
          description
          price
          colourway
          alt
          fit
          sizes {
            label
            quantity
            measurements
          }
          image {
            childImageSharp {
              gatsbyImageData(
                layout: CONSTRAINED
                width: 720
                aspectRatio: 0.8
                breakpoints: [360, 540, 720]
                sizes: "(min-width: 1280px) 560px, (min-width: 1024px) calc(50vw - 68px), (min-width: 640px) calc(50vw - 44px), calc(100vw - 32px)"
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
    page: dropJson {
      seo {
        ...PageSeo
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
        redeem
      }
      details {
        price
        colourway
        sizeGuide
        size
        measurements
      }
      action {
        label
        join
        enter
        entered
        checkOpens
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
          ...DropPhaseNames
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
