/**
 * Loaded before a process of the project (`node --import tsx --import ./test/clock-offset.ts`),
 * moves that process's clock by CLOCK_OFFSET_MS: `new Date()` and `Date.now()` read that much
 * later. Tests and benches start the production server or a command at a chosen point of a drop's
 * window this way, as Playwright's clock does for a page, without waiting for the time to come.
 * Timers are untouched.
 */
const offset = Number(process.env.CLOCK_OFFSET_MS ?? 0)

if (Number.isFinite(offset) && offset !== 0) {
  const RealDate = Date
  class ShiftedDate extends RealDate {
    constructor(...args: [] | [string | number | Date] | [number, number, number?, number?, number?, number?, number?]) {
      if (args.length === 0) super(RealDate.now() + offset)
      else super(...(args as [string | number | Date]))
    }

    static now(): number {
      return RealDate.now() + offset
    }
  }
  globalThis.Date = ShiftedDate as DateConstructor
}

export {}
