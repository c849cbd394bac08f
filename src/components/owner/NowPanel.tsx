/** @jsxImportSource theme-ui */
import { graphql } from "gatsby"
import { Box, Flex, Text } from "@theme-ui/components"
import { useId } from "react"
import { FUNNEL_DAYS, FUNNEL_STEPS, countText, isSmallCount, shownRate, type FunnelAnswer, type StepCounts } from "../../signup/funnel"
import type { OwnerSummaryAnswer as OwnerSummary } from "../../signup/owner-summary"
import { healthNotes, healthTone, type HealthNote } from "../../lib/owner-health"
import { share, type Formats } from "../../lib/owner-format"
import { fillTemplate } from "../../signup/template"
import type { OwnerCopy } from "./copy"
import { Figure, Figures } from "./Figures"

interface NowPanelProps {
  summary: OwnerSummary
  /** The funnel; null where this server counts no funnel (the list is not kept here) or it could not be read. */
  funnel: FunnelAnswer | null
  copy: Pick<OwnerCopy, "now" | "health" | "sharing">
  formats: Formats
}

// Lime: all is well; off-white: worth a look; pink: something is being lost.
const TONE_COLOUR = { good: "primary", warn: "text", problem: "secondary" } as const

/** A count against the same stretch of time yesterday, in words; nothing where either count is too small to show. */
function changeText(now: number, before: number, text: OwnerCopy["now"], formats: Formats, smallCount: number): string | undefined {
  if (isSmallCount(now, smallCount) || isSmallCount(before, smallCount)) return undefined
  if (now === before) return text.same
  return fillTemplate(now > before ? text.up : text.down, { count: formats.count(Math.abs(now - before)) })
}

function healthSentence(note: HealthNote, text: OwnerCopy["health"], formats: Formats): string {
  switch (note.kind) {
    case "mailFailed":
      return fillTemplate(text.mailFailed, { count: formats.count(note.count) })
    case "mailRetrying":
      return fillTemplate(text.mailRetrying, { count: formats.count(note.count) })
    case "backup":
      return fillTemplate(text.backup, { problem: note.problem })
    case "botCheck":
      return fillTemplate(text.botCheck, { count: formats.count(note.count) })
  }
}

/** One line on whether all is well; where not, each thing to look at and what to do about it. */
export function HealthLine({ summary, text, formats }: { summary: OwnerSummary; text: OwnerCopy["health"]; formats: Formats }) {
  const notes = healthNotes(summary)
  const tone = healthTone(notes)
  return (
    <Box
      role="status"
      data-health={tone}
      sx={{ display: "flex", gap: 3, alignItems: "baseline", p: 3, border: "2px solid", borderColor: TONE_COLOUR[tone], borderRadius: "default" }}
    >
      <Box aria-hidden sx={{ flex: "none", width: 12, height: 12, borderRadius: "pill", bg: TONE_COLOUR[tone] }} />
      <Box sx={{ display: "grid", gap: 2 }}>
        <Text as="p" sx={{ fontWeight: "bold" }}>
          {text[tone]}
        </Text>
        {notes.map((note) => (
          <Text as="p" key={note.kind}>
            {healthSentence(note, text, formats)}
          </Text>
        ))}
        <Text as="p" data-mail-sent="" sx={{ color: "subtle", fontSize: 0 }}>
          {fillTemplate(text.mailSent, { sent: formats.count(summary.outbox.sentToday), bounced: formats.count(summary.hardBounces.total) })}
        </Text>
      </Box>
    </Box>
  )
}

/** The goal from content, and how far the list has come: a bar for the eye, the same in words. */
function Goal({ total, text, formats }: { total: number; text: OwnerCopy["now"]; formats: Formats }) {
  const reached = Math.min(1, share(total, text.goal) ?? 0)
  return (
    <Box data-goal="">
      <Flex sx={{ justifyContent: "space-between", flexWrap: "wrap", gap: 2, mb: 2 }}>
        <Text as="p" sx={{ fontWeight: "bold" }}>
          {fillTemplate(text.goalLabel, { goal: formats.count(text.goal) })}
        </Text>
        <Text as="p" sx={{ color: "subtle" }}>
          {fillTemplate(text.goalProgress, { count: formats.count(total), goal: formats.count(text.goal), percent: formats.percent(share(total, text.goal)) })}
        </Text>
      </Flex>
      <Box aria-hidden sx={{ height: 12, bg: "muted", borderRadius: "pill", overflow: "hidden", border: "1px solid", borderColor: "border" }}>
        <Box sx={{ height: "100%", width: `${reached * 100}%`, bg: "primary" }} />
      </Box>
    </Box>
  )
}

/** Visits to codes redeemed since counting began, each step with its rate of the step before. */
function FunnelSteps({ counts, text, formats, smallCount }: { counts: StepCounts; text: OwnerCopy["now"]; formats: Formats; smallCount: number }) {
  const id = useId()
  return (
    <Box as="section" aria-labelledby={id}>
      <Text as="h3" id={id} variant="eyebrow" sx={{ mb: 2 }}>
        {text.funnel}
      </Text>
      <Box
        as="ol"
        sx={{
          listStyle: "none",
          p: 0,
          m: 0,
          display: "grid",
          gridTemplateColumns: ["repeat(2, minmax(0, 1fr))", "repeat(3, minmax(0, 1fr))", "repeat(6, minmax(0, 1fr))"],
          gap: 2,
        }}
      >
        {FUNNEL_STEPS.map((step, index) => {
          const rate = index === 0 ? null : shownRate(counts[step], counts[FUNNEL_STEPS[index - 1]], smallCount)
          return (
            <Box as="li" key={step} data-step={step} data-count={counts[step]} sx={{ p: 3, bg: "muted", borderRadius: "default" }}>
              <Text as="p" sx={{ fontSize: 0, color: "subtle" }}>
                {text.steps[step]}
              </Text>
              <Text as="p" sx={{ fontFamily: "heading", fontSize: 4, fontVariantNumeric: "tabular-nums" }}>
                {countText(counts[step], text.fewerThan, formats.count, smallCount)}
              </Text>
              {index > 0 && (
                <Text as="p" sx={{ fontSize: 0, color: "subtle" }}>
                  {rate === null ? text.noRate : fillTemplate(text.stepRate, { rate: formats.percent(rate) })}
                </Text>
              )}
            </Box>
          )
        })}
      </Box>
    </Box>
  )
}

/** How much the list spreads by itself: the share of people whose link brought a visit, and friends per confirmed signup. */
function Sharing({ funnel, text, formats }: { funnel: FunnelAnswer; text: OwnerCopy["sharing"]; formats: Formats }) {
  const days = String(FUNNEL_DAYS)
  return (
    <Figures label={text.label} columns={["minmax(0, 1fr)", "repeat(2, minmax(0, 1fr))"]}>
      <Figure
        label={text.shareRate}
        value={formats.percent(share(funnel.sharing.links, funnel.sharing.people))}
        detail={fillTemplate(text.shareRateDetail, { links: formats.count(funnel.sharing.links), people: formats.count(funnel.sharing.people), days })}
      />
      <Figure
        label={text.viral}
        value={funnel.viralCoefficient === null ? text.none : formats.decimal(funnel.viralCoefficient)}
        detail={fillTemplate(text.viralDetail, { days })}
      />
    </Figures>
  )
}

/**
 * The first screen, answering "is it working?": the health line, the list's total, today and the
 * last hour against the same time yesterday, the goal with its bar, and the funnel with its rates.
 */
export function NowPanel({ summary, funnel, copy, formats }: NowPanelProps) {
  const text = copy.now
  const total = summary.confirmed + summary.pending
  const smallCount = funnel?.smallCount ?? 0
  const now = funnel?.now
  return (
    <Box sx={{ display: "grid", gap: [3, 4] }}>
      <HealthLine summary={summary} text={copy.health} formats={formats} />
      <Figures label={text.label} columns={["minmax(0, 1fr)", "repeat(3, minmax(0, 1fr))"]}>
        <Figure accent label={text.total} value={formats.count(total)} />
        {now && (
          <>
            <Figure
              label={text.today}
              value={countText(now.today.signups, text.fewerThan, formats.count, smallCount)}
              detail={changeText(now.today.signups, now.sameTimeYesterday.signups, text, formats, smallCount)}
            />
            <Figure
              label={text.lastHour}
              value={countText(now.lastHour.signups, text.fewerThan, formats.count, smallCount)}
              detail={changeText(now.lastHour.signups, now.lastHourYesterday.signups, text, formats, smallCount)}
            />
          </>
        )}
      </Figures>
      <Goal total={total} text={text} formats={formats} />
      {funnel ? (
        <>
          <FunnelSteps counts={funnel.total} text={text} formats={formats} smallCount={smallCount} />
          <Sharing funnel={funnel} text={copy.sharing} formats={formats} />
        </>
      ) : (
        <Text as="p" sx={{ color: "subtle" }}>
          {text.noFunnel}
        </Text>
      )}
    </Box>
  )
}

/** The words the first screen reads from content/pages/owner.json, for the page's query. */
export const ownerNowCopy = graphql`
  fragment OwnerNowCopy on OwnerNow {
    heading
    label
    total
    today
    lastHour
    same
    up
    down
    goal
    goalLabel
    goalProgress
    funnel
    steps {
      visits
      signups
      confirmed
      referred
      entered
      redeemed
    }
    stepRate
    noRate
    noFunnel
    auto
    fewerThan
  }

  fragment OwnerHealthCopy on OwnerHealth {
    good
    warn
    problem
    mailFailed
    mailRetrying
    backup
    botCheck
    mailSent
  }

  fragment OwnerSharingCopy on OwnerSharing {
    label
    shareRate
    shareRateDetail
    viral
    viralDetail
    none
  }
`
