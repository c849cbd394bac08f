/** @jsxImportSource theme-ui */
import { Badge, Box, Flex, Link, Text } from "@theme-ui/components"
import type { ThemeUIStyleObject } from "theme-ui"
import { useCallback, useEffect, useId, useState } from "react"
import { sameCommitment } from "../../drop/commitment"
import { sizeKey } from "../../drop/contract"
import { fetchDrops, type OwnerDrop } from "../../lib/owner-drops-client"
import { fillTemplate } from "../../lib/template"
import { DROP_PAGE_PATH } from "../../lib/routes"
import { sizeNames, type EntryDrop } from "../waitlist/drop-entry-copy"
import type { ActionProps, Note } from "./action"
import { NoteLine, problemText } from "./action"
import { CommitSeed, RunDraw } from "./DropActions"
import { DropReview } from "./DropReview"
import { PublishCommitment } from "./PublishCommitment"
import { card, cardHeading, columnHeading, dataTable, scroller } from "./ui"
import { machineText, visuallyHidden } from "../shared/styles"

/** Each drop's pieces and their sizes as content/drops.json declares them, by drop id: the sizes' names for people. */
export type DropPieces = Readonly<Record<string, EntryDrop["pieces"]>>

interface DropsProps extends ActionProps {
  pieces: DropPieces
}

type Loaded = { kind: "loading" } | { kind: "failed"; text: string } | { kind: "ready"; drops: OwnerDrop[] }

const PHASE_BADGE = {
  scheduled: { bg: "transparent", color: "text", boxShadow: "inset 0 0 0 2px currentColor" },
  open: { bg: "primary", color: "onPrimary" },
  closed: { bg: "secondary", color: "onPrimary" },
  drawn: { bg: "text", color: "background" },
} as const

/** A group's heading over its sizes' columns, styled as the table's column headings. */
const groupHeading: ThemeUIStyleObject = { ...columnHeading, textAlign: "center" }

/**
 * Entries per UTC day: a row a day, a column a size, the sizes grouped under their piece (two
 * heading rows), so a drop of several pieces stays narrow enough to read.
 */
const EntriesByDay = ({ drop, pieces, copy, formats }: { drop: OwnerDrop; pieces: EntryDrop["pieces"] } & Pick<ActionProps, "copy" | "formats">) => {
  const text = copy.drops
  const days = [...new Set(drop.entriesByDay.map((row) => row.day))].sort()
  if (days.length === 0)
    return (
      <Text as="p" sx={{ color: "subtle" }}>
        {text.noEntries}
      </Text>
    )
  // Content's pieces where it has this drop's; else each size on its own, by its key.
  const groups =
    pieces.length > 0
      ? pieces.map((piece) => ({ name: piece.name, sizes: piece.sizes.map((size) => ({ key: sizeKey(piece.id, size.label), label: size.label })) }))
      : [{ name: null, sizes: drop.stock.map(({ size }) => ({ key: size, label: size })) }]
  const grouped = groups.every((group) => group.name !== null)
  const columns = groups.flatMap((group) => group.sizes)
  const count = (day: string, size: string) => drop.entriesByDay.find((row) => row.day === day && row.size === size)?.entries ?? 0
  return (
    <div role="region" aria-label={text.byDay} tabIndex={0} sx={scroller}>
      <table sx={dataTable}>
        <caption>{text.byDay}</caption>
        <colgroup span={1} />
        {groups.map((group, index) => (
          <colgroup key={group.name ?? index} span={group.sizes.length} />
        ))}
        <thead>
          <tr>
            <th scope="col" rowSpan={grouped ? 2 : 1} sx={{ verticalAlign: "bottom !important" }}>
              {text.day}
            </th>
            {grouped
              ? groups.map((group) => (
                  <th key={group.name} scope="colgroup" colSpan={group.sizes.length} sx={groupHeading}>
                    {group.name}
                  </th>
                ))
              : columns.map((column) => (
                  <th key={column.key} scope="col" className="number">
                    {column.label}
                  </th>
                ))}
          </tr>
          {grouped && (
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className="number">
                  {column.label}
                </th>
              ))}
            </tr>
          )}
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day}>
              <th scope="row" sx={{ fontWeight: "body", whiteSpace: "nowrap" }}>
                <time dateTime={day}>{formats.day(day)}</time>
              </th>
              {columns.map((column) => (
                <td key={column.key} className="number">
                  {formats.count(count(day, column.key))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

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
    <Box as="article" aria-labelledby={`${id}-heading`} data-drop={drop.drop} sx={{ ...card, display: "grid", gap: 4 }}>
      <Flex sx={{ flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: 2 }}>
        <h3 id={`${id}-heading`} sx={{ ...cardHeading, mb: 0 }}>
          {drop.name}
        </h3>
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
          <span sx={visuallyHidden}>{text.phase}: </span>
          {text.phases[drop.phase]}
        </Badge>
      </Flex>
      <dl sx={{ display: "grid", gridTemplateColumns: ["1fr", "repeat(3, minmax(0, 1fr))"], gap: [2, 3], m: 0 }}>
        {times.map(({ label, iso }) => (
          <div key={label}>
            <dt sx={{ variant: "text.eyebrow", color: "subtle", mb: 1 }}>{label}</dt>
            <dd sx={{ m: 0, fontWeight: "bold" }}>
              <time dateTime={iso}>{formats.time(iso)}</time>
            </dd>
          </div>
        ))}
      </dl>
      <div sx={{ display: "grid", gridTemplateColumns: ["minmax(0, 1fr)", null, "repeat(2, minmax(0, 1fr))"], gap: 4, alignItems: "start" }}>
        <div role="region" aria-label={text.entrants} tabIndex={0} sx={scroller}>
          <table sx={dataTable}>
            <caption>{text.entrants}</caption>
            <thead>
              <tr>
                <th scope="col">{text.size}</th>
                <th scope="col" className="number">
                  {text.pieces}
                </th>
                <th scope="col" className="number">
                  {text.entries}
                </th>
                {drawn && (
                  <th scope="col" className="number">
                    {text.winners}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {drop.stock.map(({ size, pieces }) => (
                <tr key={size}>
                  <th scope="row" sx={{ fontWeight: "body" }}>
                    {names[size] ?? size}
                  </th>
                  <td className="number">{formats.count(pieces)}</td>
                  <td className="number">{formats.count(drop.entrants[size] ?? 0)}</td>
                  {drawn && (
                    <td className="number" sx={{ color: "primary", fontWeight: "bold" }}>
                      {formats.count(drop.winners?.[size]?.length ?? 0)}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <EntriesByDay drop={drop} pieces={pieces} copy={copy} formats={formats} />
      </div>
      <dl sx={{ display: "grid", gap: 2, m: 0 }}>
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
          <div key={label}>
            <dt sx={{ variant: "text.eyebrow", color: "subtle", mb: 1 }}>{label}</dt>
            <dd sx={{ m: 0, ...(value ? (machine ? machineText : {}) : { color: "subtle" }) }}>{value ?? text.notYet}</dd>
          </div>
        ))}
      </dl>
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
    </Box>
  )
}

/**
 * The drops on the owner's page, read once the dashboard shows and again after each action:
 * each drop's stage and entries, and the one action its stage calls for (commit the seed before
 * entries open, run the draw after they close).
 */
export const Drops = ({ pieces, ...props }: DropsProps) => {
  const { secret, copy, onProblem } = props
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" })
  const load = useCallback(async () => {
    const outcome = await fetchDrops(secret)
    if (outcome.kind === "ok") return setLoaded({ kind: "ready", drops: outcome.drops })
    const words = problemText(outcome, copy.drops.failed, copy, onProblem)
    if (words) setLoaded({ kind: "failed", text: words })
  }, [secret, copy, onProblem])
  useEffect(() => {
    void load()
  }, [load])
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
    <div sx={{ display: "grid", gap: [3, 4] }}>
      {loaded.drops.map((drop) => (
        <DropCard key={drop.drop} {...props} drop={drop} pieces={pieces[drop.drop] ?? []} onReload={() => void load()} />
      ))}
    </div>
  )
}
