/** @jsxImportSource theme-ui */
import { graphql } from "gatsby"
import { Box, Button, Card, Flex, Text } from "@theme-ui/components"
import { useState } from "react"
import { FUNNEL_DAYS, FUNNEL_HOURS, FUNNEL_STEPS, countText, isSmallCount, type FunnelAnswer, type FunnelPeriod, type FunnelStep } from "../../signup/funnel"
import type { Formats } from "../../lib/owner-format"
import { fillTemplate } from "../../signup/template"
import type { OwnerCopy } from "./copy"
import { DataTable } from "./DataTable"
import { cardHeading } from "./ui"

type Span = "hours" | "days"

interface FunnelChartsProps {
  funnel: Pick<FunnelAnswer, "hours" | "days" | "smallCount">
  copy: { charts: OwnerCopy["charts"]; now: Pick<OwnerCopy["now"], "steps" | "fewerThan"> }
  formats: Formats
}

/** The height of a bar chart's drawing, in its own units; its width is ten units a bar. */
const PLOT_HEIGHT = 60
const BAR_SLOT = 10

/** An hour ("2026-11-23T14", UTC) as the owner reads it: its day and its hour. */
function hourText(starts: string, formats: Formats): string {
  return `${formats.day(starts.slice(0, 10))}, ${starts.slice(11, 13)}:00`
}

/**
 * One step over the span: bars for the eye (a small count drawn pale, at the small-count limit,
 * so its size says nothing), and the same in a sentence for screen readers.
 */
function StepChart({
  step,
  periods,
  when,
  props,
}: {
  step: FunnelStep
  periods: FunnelPeriod[]
  when(period: FunnelPeriod): string
  props: FunnelChartsProps
}) {
  const { copy, formats, funnel } = props
  const name = copy.now.steps[step]
  const shown = (count: number) => countText(count, copy.now.fewerThan, formats.count, funnel.smallCount)
  const values = periods.map((period) => period[step])
  const total = values.reduce((sum, value) => sum + value, 0)
  const peak = values.reduce((best, value, index) => (value > values[best] ? index : best), 0)
  const top = Math.max(funnel.smallCount, ...values)
  const description =
    total === 0
      ? fillTemplate(copy.charts.quiet, { step: name })
      : fillTemplate(copy.charts.busiest, { step: name, count: shown(total), peak: shown(values[peak]), when: when(periods[peak]) })
  return (
    <Card as="figure" data-step-chart={step} data-total={total} sx={{ m: 0, p: 3, minWidth: 0 }}>
      <Text as="figcaption" sx={{ ...cardHeading, fontSize: 1, mb: 1 }}>
        {name}
      </Text>
      <Text as="p" sx={{ fontFamily: "heading", fontSize: 3, fontVariantNumeric: "tabular-nums" }}>
        {fillTemplate(copy.charts.inAll, { count: shown(total) })}
      </Text>
      <svg
        role="img"
        aria-label={description}
        viewBox={`0 0 ${Math.max(1, values.length) * BAR_SLOT} ${PLOT_HEIGHT}`}
        preserveAspectRatio="none"
        sx={{ display: "block", width: "100%", height: 64, mt: 2, borderBottom: "1px solid", borderColor: "subtle" }}
      >
        {values.map((value, index) => {
          if (value === 0) return null
          const small = isSmallCount(value, funnel.smallCount)
          const height = ((small ? funnel.smallCount : value) / top) * PLOT_HEIGHT
          return (
            <rect
              key={periods[index].starts}
              data-small={small || undefined}
              x={index * BAR_SLOT + 1}
              y={PLOT_HEIGHT - height}
              width={BAR_SLOT - 2}
              height={height}
              sx={{ fill: "primary", opacity: small ? 0.35 : 1 }}
            />
          )
        })}
      </svg>
      <Flex aria-hidden sx={{ justifyContent: "space-between", gap: 2, mt: 1, fontSize: "11px", color: "subtle" }}>
        <span>{periods.length > 0 ? when(periods[0]) : ""}</span>
        <span>{periods.length > 0 ? when(periods[periods.length - 1]) : ""}</span>
      </Flex>
    </Card>
  )
}

/** A pressed-or-not button: the span's choice and the table switch. */
function Toggle({ pressed, onPress, label }: { pressed: boolean; onPress(): void; label: string }) {
  return (
    <Button type="button" variant={pressed ? "primary" : "ghost"} aria-pressed={pressed} onClick={onPress} sx={{ py: 2, px: 3, fontSize: 0 }}>
      {label}
    </Button>
  )
}

/**
 * The funnel's steps over the last hours, hour by hour, or the last days, day by day: a small bar
 * chart a step (each its own scale, so a handful of redeemed codes shows beside thousands of
 * visits), or the same numbers as a table. Plain SVG, no chart library.
 */
export function FunnelCharts(props: FunnelChartsProps) {
  const { funnel, copy, formats } = props
  const text = copy.charts
  const [span, setSpan] = useState<Span>("hours")
  const [asTable, setAsTable] = useState(false)
  const periods = span === "hours" ? funnel.hours : funnel.days
  const when = (period: FunnelPeriod) => (span === "hours" ? hourText(period.starts, formats) : formats.day(period.starts))
  const shown = (count: number) => countText(count, copy.now.fewerThan, formats.count, funnel.smallCount)
  return (
    <Box sx={{ display: "grid", gap: 3 }}>
      <Flex sx={{ flexWrap: "wrap", gap: 3, justifyContent: "space-between" }}>
        <Flex role="group" aria-label={text.span} sx={{ gap: 2, flexWrap: "wrap" }}>
          <Toggle pressed={span === "hours"} onPress={() => setSpan("hours")} label={fillTemplate(text.hours, { hours: String(FUNNEL_HOURS) })} />
          <Toggle pressed={span === "days"} onPress={() => setSpan("days")} label={fillTemplate(text.days, { days: String(FUNNEL_DAYS) })} />
        </Flex>
        <Toggle pressed={asTable} onPress={() => setAsTable(!asTable)} label={text.asTable} />
      </Flex>
      {asTable ? (
        <DataTable
          caption={
            span === "hours" ? fillTemplate(text.tableHours, { hours: String(FUNNEL_HOURS) }) : fillTemplate(text.tableDays, { days: String(FUNNEL_DAYS) })
          }
          rows={periods}
          rowKey={(period) => period.starts}
          listUpTo="tablet"
          columns={[
            { heading: span === "hours" ? text.hour : text.day, rowHeader: true, cell: when, sx: { whiteSpace: "nowrap" } },
            ...FUNNEL_STEPS.map((step) => ({ heading: copy.now.steps[step], numeric: true, cell: (period: FunnelPeriod) => shown(period[step]) })),
          ]}
        />
      ) : (
        <>
          <Box sx={{ display: "grid", gridTemplateColumns: ["repeat(2, minmax(0, 1fr))", "repeat(3, minmax(0, 1fr))"], gap: [2, 3] }}>
            {FUNNEL_STEPS.map((step) => (
              <StepChart key={step} step={step} periods={periods} when={when} props={props} />
            ))}
          </Box>
          <Text as="p" sx={{ fontSize: 0, color: "subtle" }}>
            {fillTemplate(text.small, { count: formats.count(funnel.smallCount) })}
          </Text>
        </>
      )}
    </Box>
  )
}

/** The words the charts read from content/pages/owner.json, for the page's query. */
export const ownerChartsCopy = graphql`
  fragment OwnerChartsCopy on OwnerCharts {
    heading
    intro
    span
    hours
    days
    asTable
    inAll
    busiest
    quiet
    small
    hour
    day
    tableHours
    tableDays
  }
`
