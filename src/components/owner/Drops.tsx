/** @jsxImportSource theme-ui */
import { Badge, Box, Card, Flex, Heading, Link, Text } from "@theme-ui/components"
import { useCallback, useEffect, useId, useState } from "react"
import { sameCommitment } from "../../drop/commitment"
import { sizeKey } from "../../drop/contract"
import { fetchDrops, type OwnerDrop } from "../../lib/owner-drops-client"
import { fillTemplate } from "../../signup/template"
import { DROP_PAGE_PATH } from "../../lib/routes"
import { sizeNames, type EntryDrop } from "../waitlist/drop-entry-copy"
import type { Formats } from "../../lib/owner-format"
import type { ActionProps, Note } from "./action"
import type { OwnerCopy } from "./copy"
import { NoteLine, problemText } from "./action"
import { CommitSeed, RunDraw } from "./DropActions"
import { DropReview } from "./DropReview"
import { PublishCommitment } from "./PublishCommitment"
import { DataTable, type Column } from "./DataTable"
import { Facts } from "./Figures"
import { cardHeading } from "./ui"
import { machineText, visuallyHidden } from "../shared/styles"

/** Each drop's pieces and their sizes as content/drops.json declares them, by drop id: the sizes' names for people. */
export type DropPieces = Readonly<Record<string, EntryDrop["pieces"]>>

type Loaded = { kind: "loading" } | { kind: "failed"; text: string } | { kind: "ready"; drops: OwnerDrop[] }

/** The drops as last read, and a way to read them again. */
export interface OwnerDrops {
  loaded: Loaded
  load(): Promise<void>
}

interface DropsProps extends ActionProps {
  pieces: DropPieces
  drops: OwnerDrops
}

/**
 * The drops, read once the dashboard shows and again whenever `readAgain` changes (each refresh
 * of the page's figures): one read for the first screen's demand and the drops section.
 */
export function useOwnerDrops({ secret, copy, onProblem }: Pick<ActionProps, "secret" | "copy" | "onProblem">, readAgain?: string): OwnerDrops {
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" })
  const load = useCallback(async () => {
    const outcome = await fetchDrops(secret)
    if (outcome.kind === "ok") return setLoaded({ kind: "ready", drops: outcome.drops })
    const words = problemText(outcome, copy.drops.failed, copy, onProblem)
    if (words) setLoaded({ kind: "failed", text: words })
  }, [secret, copy, onProblem])
  useEffect(() => {
    void load()
  }, [load, readAgain])
  return { loaded, load }
}

const PHASE_BADGE = {
  scheduled: { bg: "transparent", color: "text", boxShadow: "inset 0 0 0 2px currentColor" },
  open: { bg: "primary", color: "onPrimary" },
  closed: { bg: "secondary", color: "onPrimary" },
  drawn: { bg: "text", color: "background" },
} as const

/**
 * Entries per UTC day: a row a day, a column a size, the sizes grouped under their piece (two
 * heading rows), so a drop of several pieces stays narrow enough to read.
 */
const EntriesByDay = ({ drop, pieces, copy, formats }: { drop: OwnerDrop; pieces: EntryDrop["pieces"] } & Pick<ActionProps, "copy" | "formats">) => {
  const text = copy.drops
  const days = [...new Set(drop.entriesByDay.map((row) => row.day))].sort()
  // Content's pieces where it has this drop's; else each size on its own, by its key.
  const groups =
    pieces.length > 0
      ? pieces.map((piece) => ({ name: piece.name, sizes: piece.sizes.map((size) => ({ key: sizeKey(piece.id, size.label), label: size.label })) }))
      : [{ name: null, sizes: drop.stock.map(({ size }) => ({ key: size, label: size })) }]
  const grouped = groups.every((group) => group.name !== null)
  const count = (day: string, size: string) => drop.entriesByDay.find((row) => row.day === day && row.size === size)?.entries ?? 0
  const sizeColumns = groups.flatMap((group) =>
    group.sizes.map((size): Column<string> => ({
      heading: size.label,
      label: group.name === null ? size.label : `${group.name}, ${size.label}`,
      numeric: true,
      cell: (day) => formats.count(count(day, size.key)),
    })),
  )
  return (
    <DataTable
      caption={text.byDay}
      rows={days}
      rowKey={(day) => day}
      empty={text.noEntries}
      groups={grouped ? groups.map((group) => ({ heading: group.name ?? "", span: group.sizes.length })) : undefined}
      columns={[
        { heading: text.day, rowHeader: true, cell: (day) => <time dateTime={day}>{formats.day(day)}</time>, sx: { whiteSpace: "nowrap" } },
        ...sizeColumns,
      ]}
    />
  )
}

/** Entrants per size: the size's pieces and entrants, and after the draw its winners. */
const entrantColumns = (
  drop: OwnerDrop,
  names: Record<string, string>,
  text: OwnerCopy["drops"],
  formats: Formats,
): Array<Column<OwnerDrop["stock"][number]>> => [
  { heading: text.size, rowHeader: true, cell: ({ size }) => names[size] ?? size },
  { heading: text.pieces, numeric: true, cell: ({ pieces }) => formats.count(pieces) },
  { heading: text.entries, numeric: true, cell: ({ size }) => formats.count(drop.entrants[size] ?? 0) },
  ...(drop.winners === null
    ? []
    : [
        {
          heading: text.winners,
          numeric: true,
          cell: ({ size }: { size: string }) => formats.count(drop.winners?.[size]?.length ?? 0),
          sx: { color: "primary", fontWeight: "bold" },
        },
      ]),
]

/** One drop: its stage, window, entrants (and winners) per size, entries per day, its hashes, and the action its stage calls for. */
const DropCard = ({ drop, pieces, onReload, ...props }: ActionProps & { drop: OwnerDrop; pieces: EntryDrop["pieces"]; onReload(): void }) => {
  const id = useId()
  const names = sizeNames({ pieces })
  const { copy, formats } = props
  const text = copy.drops
  const [note, setNote] = useState<Note>(null)
  const drawn = drop.winners !== null
  const changed = () => {
    onReload()
    props.onChanged()
  }
  const times = [
    { label: text.opens, iso: drop.opensAt },
    { label: text.closes, iso: drop.closesAt },
    { label: text.results, iso: drop.resultsAt },
  ]
  return (
    <Card as="article" aria-labelledby={`${id}-heading`} data-drop={drop.drop} sx={{ display: "grid", gap: 4 }}>
      <Flex sx={{ flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: 2 }}>
        <Heading as="h3" id={`${id}-heading`} sx={{ ...cardHeading, mb: 0 }}>
          {drop.name}
        </Heading>
        <Badge
          data-phase={drop.phase}
          sx={{
            ...PHASE_BADGE[drop.phase],
            px: 3,
            py: 1,
            borderRadius: "pill",
            fontFamily: "heading",
            fontSize: 0,
            letterSpacing: "0.06em",
            textTransform: "uppercase",
          }}
        >
          <Box as="span" sx={visuallyHidden}>
            {text.phase}:{" "}
          </Box>
          {text.phases[drop.phase]}
        </Badge>
      </Flex>
      <Facts
        facts={times.map(({ label, iso }) => ({ label, value: <time dateTime={iso}>{formats.time(iso)}</time> }))}
        columns={["1fr", "repeat(3, minmax(0, 1fr))"]}
        gap={[2, 3]}
      />
      <Box sx={{ display: "grid", gridTemplateColumns: ["minmax(0, 1fr)", null, "repeat(2, minmax(0, 1fr))"], gap: 4, alignItems: "start" }}>
        <DataTable caption={text.entrants} rows={drop.stock} rowKey={({ size }) => size} columns={entrantColumns(drop, names, text, formats)} />
        <EntriesByDay drop={drop} pieces={pieces} copy={copy} formats={formats} />
      </Box>
      <Box as="dl" sx={{ display: "grid", gap: 2, m: 0 }}>
        {[
          { label: text.seedHash, value: drop.commitment?.seedHash ?? null, machine: true },
          {
            label: text.beacon,
            value:
              drop.commitment && drop.beaconAt
                ? fillTemplate(text.beaconRound, { chain: drop.beaconChain, round: String(drop.commitment.round), time: formats.time(drop.beaconAt) })
                : null,
            machine: false,
          },
          { label: text.listHash, value: drop.listHash, machine: true },
        ].map(({ label, value, machine }) => (
          <Box key={label}>
            <Text as="dt" variant="eyebrow" sx={{ color: "subtle", mb: 1 }}>
              {label}
            </Text>
            <Text as="dd" sx={{ m: 0, ...(value ? (machine ? machineText : {}) : { color: "subtle" }) }}>
              {value ?? text.notYet}
            </Text>
          </Box>
        ))}
      </Box>
      {drop.commitment && !drop.drawnAt && !sameCommitment(drop.commitment, drop.builtCommitment) && (
        <PublishCommitment commitment={drop.commitment} copy={text.publish} />
      )}
      {drop.phase !== "closed" && drop.phase !== "drawn" && (
        <DropReview {...props} drop={drop} sizeName={(size) => names[size] ?? size} onNote={setNote} onChanged={changed} />
      )}
      {drop.phase === "scheduled" && <CommitSeed {...props} drop={drop} onNote={setNote} onChanged={changed} />}
      {drop.phase === "closed" && drop.commitment !== null && <RunDraw {...props} drop={drop} onNote={setNote} onChanged={changed} />}
      {drawn && (
        <Link href={`${DROP_PAGE_PATH}#${drop.drop}`} sx={{ variant: "links.inline", justifySelf: "start" }}>
          {text.verifyLink}
        </Link>
      )}
      <NoteLine note={note} />
    </Card>
  )
}

/**
 * The drops on the owner's page, read again after each action: each drop's stage and entries,
 * and the one action its stage calls for (commit the seed before entries open, run the draw
 * after they close).
 */
export const Drops = ({ pieces, drops, ...props }: DropsProps) => {
  const { copy } = props
  const { loaded, load } = drops
  if (loaded.kind === "loading")
    return (
      <Text as="p" sx={{ color: "subtle" }}>
        {copy.drops.loading}
      </Text>
    )
  if (loaded.kind === "failed") return <NoteLine note={{ text: loaded.text, tone: "problem" }} />
  if (loaded.drops.length === 0)
    return (
      <Text as="p" sx={{ color: "subtle" }}>
        {copy.drops.none}
      </Text>
    )
  return (
    <Box sx={{ display: "grid", gap: [3, 4] }}>
      {loaded.drops.map((drop) => (
        <DropCard key={drop.drop} {...props} drop={drop} pieces={pieces[drop.drop] ?? []} onReload={() => void load()} />
      ))}
    </Box>
  )
}
