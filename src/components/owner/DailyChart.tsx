/** @jsxImportSource theme-ui */
import { Box, Flex } from "@theme-ui/components"
import { useEffect, useRef, useState } from "react"
import { SUMMARY_DAYS, type DayCount } from "../../signup/owner-summary"
import { fillTemplate } from "../../lib/template"
import { countAxis, type Formats } from "../../lib/owner-format"
import { visuallyHidden } from "../shared/styles"
import { DataTable } from "./DataTable"

export interface DailyChartCopy {
  signups: string
  confirmations: string
  dayAxis: string
  countAxis: string
  table: string
  day: string
}

interface DailyChartProps {
  days: DayCount[]
  copy: DailyChartCopy
  formats: Formats
}

const HEIGHT = 260
const MARGIN = { top: 16, right: 12, bottom: 52, left: 52 }
// Lime bars for signups, a pink line for confirmations: the brand's two accents, each AA on the canvas.

/** The chart's width: its box's, measured once it is on screen and whenever that changes. */
const useWidth = (fallback: number) => {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(fallback)
  useEffect(() => {
    const box = ref.current
    if (!box) return
    const measure = () => setWidth(Math.max(280, Math.floor(box.getBoundingClientRect().width)))
    measure()
    if (typeof ResizeObserver === "undefined") return
    const observer = new ResizeObserver(measure)
    observer.observe(box)
    return () => observer.disconnect()
  }, [])
  return { ref, width }
}

/**
 * Signups (bars) and confirmations (a line) per UTC day, drawn as SVG in the page's own pixels,
 * so its words stay readable at any width. The drawing is for the eye; the same numbers are in
 * a table beside it for screen readers.
 */
export const DailyChart = ({ days, copy, formats }: DailyChartProps) => {
  const { ref, width } = useWidth(720)
  const plotWidth = width - MARGIN.left - MARGIN.right
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom
  const ticks = countAxis(Math.max(0, ...days.map((day) => Math.max(day.signups, day.confirmations))))
  const top = ticks[ticks.length - 1]
  const slot = plotWidth / Math.max(1, days.length)
  const x = (index: number) => MARGIN.left + slot * index + slot / 2
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight
  const barWidth = Math.max(2, Math.min(18, slot * 0.6))
  // A day label every few days, as many as fit, always the last (today).
  const every = Math.max(1, Math.ceil(days.length / Math.max(2, Math.floor(plotWidth / 80))))
  const labelled = (index: number) => (days.length - 1 - index) % every === 0
  const line = days.map((day, index) => `${index === 0 ? "M" : "L"}${x(index).toFixed(1)},${y(day.confirmations).toFixed(1)}`).join(" ")

  return (
    <Box>
      <Flex as="ul" aria-hidden="true" sx={{ gap: 4, listStyle: "none", p: 0, m: 0, mb: 2, fontSize: 0, color: "subtle" }}>
        <Flex as="li" sx={{ alignItems: "center", gap: 2 }}>
          <Box as="span" sx={{ width: 14, height: 14, borderRadius: 2, bg: "primary" }} />
          {copy.signups}
        </Flex>
        <Flex as="li" sx={{ alignItems: "center", gap: 2 }}>
          <Box as="span" sx={{ width: 18, height: 3, bg: "secondary", borderRadius: 2 }} />
          {copy.confirmations}
        </Flex>
      </Flex>
      <Box ref={ref} sx={{ width: "100%" }}>
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          aria-hidden="true"
          focusable="false"
          data-chart="per-day"
          sx={{ display: "block", overflow: "visible" }}
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} strokeWidth={1} sx={{ stroke: tick === 0 ? "subtle" : "border" }} />
              <text x={MARGIN.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={12} sx={{ fill: "subtle" }}>
                {formats.count(tick)}
              </text>
            </g>
          ))}
          {days.map((day, index) => (
            <g key={day.day} data-day={day.day} data-signups={day.signups} data-confirmations={day.confirmations}>
              {day.signups > 0 && (
                <rect
                  x={x(index) - barWidth / 2}
                  y={y(day.signups)}
                  width={barWidth}
                  height={Math.max(1, y(0) - y(day.signups))}
                  rx={2}
                  sx={{ fill: "primary" }}
                />
              )}
              {labelled(index) && (
                <text x={x(index)} y={HEIGHT - MARGIN.bottom + 18} textAnchor="middle" fontSize={12} sx={{ fill: "subtle" }}>
                  {formats.day(day.day)}
                </text>
              )}
            </g>
          ))}
          <path d={line} fill="none" strokeWidth={2.5} sx={{ stroke: "secondary" }} strokeLinejoin="round" />
          {days.map((day, index) =>
            day.confirmations > 0 ? (
              <circle key={day.day} cx={x(index)} cy={y(day.confirmations)} r={3.5} strokeWidth={1.5} sx={{ fill: "secondary", stroke: "background" }} />
            ) : null,
          )}
          <text x={MARGIN.left + plotWidth / 2} y={HEIGHT - 8} textAnchor="middle" fontSize={12} sx={{ fill: "text" }} letterSpacing="0.08em">
            {copy.dayAxis.toUpperCase()}
          </text>
          <text
            transform={`translate(14 ${MARGIN.top + plotHeight / 2}) rotate(-90)`}
            textAnchor="middle"
            fontSize={12}
            sx={{ fill: "text" }}
            letterSpacing="0.08em"
          >
            {copy.countAxis.toUpperCase()}
          </text>
        </svg>
      </Box>
      {/* Hidden by its box: a table itself is never narrower than its cells. */}
      <Box sx={visuallyHidden}>
        <DataTable
          caption={fillTemplate(copy.table, { days: String(SUMMARY_DAYS) })}
          rows={days}
          rowKey={(day) => day.day}
          columns={[
            { heading: copy.day, rowHeader: true, cell: (day) => formats.day(day.day) },
            { heading: copy.signups, cell: (day) => formats.count(day.signups) },
            { heading: copy.confirmations, cell: (day) => formats.count(day.confirmations) },
          ]}
        />
      </Box>
    </Box>
  )
}
