/**
 * The page a visit landed on, noted at once and remembered by attribution.ts later (once the page
 * is idle, or when a signup is sent first), so the attribution code stays out of every page's
 * opening JavaScript.
 */
export interface Landing {
  brand: string
  href: string
  referrer: string
}

let unremembered: Landing | undefined

export function noteLanding(landing: Landing): void {
  unremembered = landing
}

/** The landing not yet remembered, handed over once. */
export function takeLanding(): Landing | undefined {
  const landing = unremembered
  unremembered = undefined
  return landing
}
