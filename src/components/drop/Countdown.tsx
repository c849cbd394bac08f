/** @jsxImportSource theme-ui */
import type { ThemeUIStyleObject } from "theme-ui"
import { useNow } from "../../hooks/use-now"
import { countdownTarget, countdownText } from "../../lib/drop-schedule"
import { countdownParts, twoDigits, type DropWindowTimes } from "../../lib/drop-stage"
import type { CountdownCopy } from "./copy"
import { visuallyHidden } from "../shared/styles"

interface CountdownProps {
  window: DropWindowTimes
  copy: CountdownCopy
  labelId: string
}

const UNITS = ["days", "hours", "minutes", "seconds"] as const

/** The box: its height the same in every state, so nothing below it moves when it fills in or changes. */
const box: ThemeUIStyleObject = {
  height: [136, 128],
  position: "relative",
  display: "grid",
  alignContent: "center",
  gap: 2,
  p: [3, 4],
  bg: "background",
  border: "2px solid",
  borderColor: "primary",
  borderRadius: "default",
}

/**
 * The time to the window's next moment (opening, then closing, then the results), ticking every
 * second: the clock is read here, so only the countdown redraws with it. Before mount the box keeps
 * its place, empty and unseen. Fixed cells and tabular digits: a changing number never moves
 * anything. A timer role, which screen readers do not announce on every tick.
 */
export const Countdown = ({ window, copy, labelId }: CountdownProps) => {
  const now = useNow()
  if (now === null) return <div aria-hidden="true" data-countdown="pending" sx={{ ...box, visibility: "hidden" }} />

  const { phase, target } = countdownTarget(window, now)
  if (target === null) {
    return (
      <div data-countdown="over" sx={box}>
        <p sx={{ fontSize: [1, 2], fontWeight: "bold" }}>{copy.over}</p>
      </div>
    )
  }

  const parts = countdownParts(target - now)
  const label = { before: copy.toOpen, open: copy.toClose, closed: copy.toResults, results: copy.over }[phase]
  return (
    <div data-countdown={phase} sx={box}>
      <p id={labelId} sx={{ variant: "text.eyebrow" }}>
        {label}
      </p>
      <div role="timer" aria-labelledby={labelId} sx={{ display: "flex", gap: [2, 3] }}>
        <span sx={visuallyHidden}>{countdownText(parts, copy)}</span>
        {UNITS.map((unit) => (
          <span key={unit} aria-hidden="true" sx={{ display: "grid", justifyItems: "center", width: ["3.6rem", "4rem"] }}>
            <span sx={{ fontSize: [5, 6], fontWeight: "bold", lineHeight: 1.1, fontVariantNumeric: "tabular-nums", color: "primary" }}>
              {twoDigits(parts[unit])}
            </span>
            <span sx={{ fontSize: 0, color: "subtle", whiteSpace: "nowrap" }}>{copy[unit]}</span>
          </span>
        ))}
      </div>
    </div>
  )
}
