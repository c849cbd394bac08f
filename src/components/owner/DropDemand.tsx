/** @jsxImportSource theme-ui */
import { graphql } from "gatsby"
import { Box, Card, Heading, Text } from "@theme-ui/components"
import type { OwnerDrop } from "../../lib/owner-drops-client"
import type { Formats } from "../../lib/owner-format"
import { fillTemplate } from "../../signup/template"
import { sizeNames } from "../waitlist/drop-entry-copy"
import type { OwnerCopy } from "./copy"
import type { DropPieces } from "./Drops"
import { cardHeading } from "./ui"

interface DropDemandProps {
  drops: readonly OwnerDrop[]
  pieces: DropPieces
  text: OwnerCopy["demand"]
  formats: Formats
}

const PHASE_ORDER = { open: 0, scheduled: 1, closed: 2, drawn: 3 } as const

/** The drop the owner is working on: the open one, else the next to open, else the one that closed last. */
export function currentDrop(drops: readonly OwnerDrop[]): OwnerDrop | null {
  const ranked = [...drops].sort((a, b) => {
    const byPhase = PHASE_ORDER[a.phase] - PHASE_ORDER[b.phase]
    if (byPhase !== 0) return byPhase
    // The next to open first; of those past, the latest to close.
    return a.phase === "scheduled" ? a.opensAt.localeCompare(b.opensAt) : b.closesAt.localeCompare(a.closesAt)
  })
  return ranked[0] ?? null
}

/**
 * The current drop's demand: each size's entries against its pieces, as a bar (entries filled,
 * pieces outlined, on one scale across the sizes) and the same in words.
 */
export function DropDemand({ drops, pieces, text, formats }: DropDemandProps) {
  const drop = currentDrop(drops)
  if (!drop) return null
  const names = sizeNames({ pieces: pieces[drop.drop] ?? [] })
  const rows = drop.stock.map(({ size, pieces: count }) => ({ size, pieces: count, entries: drop.entrants[size] ?? 0 }))
  const scale = Math.max(1, ...rows.map((row) => Math.max(row.entries, row.pieces)))
  return (
    <Card as="section" aria-label={fillTemplate(text.heading, { drop: drop.name })} data-demand={drop.drop}>
      <Heading as="h3" sx={cardHeading}>
        {fillTemplate(text.heading, { drop: drop.name })}
      </Heading>
      <Text as="p" sx={{ color: "subtle", fontSize: 0, mb: 3, maxWidth: 640 }}>
        {text.intro}
      </Text>
      <Box as="ul" sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gap: 3 }}>
        {rows.map((row) => (
          <Box as="li" key={row.size} data-size={row.size} sx={{ display: "grid", gridTemplateColumns: ["1fr", "minmax(0, 1fr) minmax(0, 2fr)"], gap: [1, 3] }}>
            <Box>
              <Text as="p" sx={{ fontWeight: "bold" }}>
                {names[row.size] ?? row.size}
              </Text>
              <Text as="p" sx={{ fontSize: 0, color: "subtle" }}>
                {fillTemplate(text.perPiece, { entries: formats.count(row.entries), pieces: formats.count(row.pieces) })}
                {" · "}
                {row.entries === 0 ? text.noEntries : fillTemplate(text.ratio, { ratio: row.pieces > 0 ? formats.decimal(row.entries / row.pieces) : "–" })}
              </Text>
            </Box>
            <Box aria-hidden sx={{ position: "relative", height: 20, alignSelf: "center" }}>
              <Box
                sx={{ position: "absolute", inset: 0, width: `${(row.pieces / scale) * 100}%`, border: "2px solid", borderColor: "text", borderRadius: 2 }}
              />
              <Box
                sx={{ position: "absolute", top: "5px", bottom: "5px", left: 0, width: `${(row.entries / scale) * 100}%`, bg: "primary", borderRadius: 2 }}
              />
            </Box>
          </Box>
        ))}
      </Box>
    </Card>
  )
}

/** The words the demand reads from content/pages/owner.json, for the page's query. */
export const ownerDemandCopy = graphql`
  fragment OwnerDemandCopy on OwnerDemand {
    heading
    intro
    perPiece
    ratio
    noEntries
  }
`
