/** The carousel's state rules, free of React so they are easy to test. */

/** Keeps an index inside 0..count-1, wrapping around in both directions. */
export const wrapIndex = (index: number, count: number): number => (count <= 0 ? 0 : ((index % count) + count) % count)

export const nextIndex = (index: number, count: number): number => wrapIndex(index + 1, count)

export const previousIndex = (index: number, count: number): number => wrapIndex(index - 1, count)

export interface AutoAdvanceConditions {
  /** The visitor pressed the pause control. */
  paused: boolean
  /** The pointer is over the carousel. */
  hovered: boolean
  /** Keyboard focus is inside the carousel. */
  focused: boolean
  /** The visitor asked the system for less motion. */
  reducedMotion: boolean
}

/** The carousel moves on by itself only when nobody is looking closely and motion is welcome. */
export const shouldAutoAdvance = ({ paused, hovered, focused, reducedMotion }: AutoAdvanceConditions): boolean =>
  !paused && !hovered && !focused && !reducedMotion

/** A horizontal swipe of at least this many pixels changes the slide. */
export const SWIPE_THRESHOLD_PX = 40

/** -1 for a swipe to the right (previous), 1 to the left (next), 0 for a tap or a scroll. */
export const swipeDirection = (startX: number, endX: number, startY = 0, endY = 0): -1 | 0 | 1 => {
  const dx = endX - startX
  if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(endY - startY)) return 0
  return dx < 0 ? 1 : -1
}
