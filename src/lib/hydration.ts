/**
 * Bookkeeping for the first page load. Gatsby hydrates the server HTML once; every later
 * render (client-side navigation) builds the DOM itself. Parts of the page can skip
 * hydration (content with no behaviour) or hydrate a task later, so that no single task
 * keeps a phone's main thread busy for long.
 */
let hydrating = false
let lastSlot: Promise<void> = Promise.resolve()

/** Called before Gatsby hydrates server HTML. */
export const startHydration = (): void => {
  hydrating = true
}

/** Called once the first render is done. */
export const endHydration = (): void => {
  hydrating = false
}

export const isHydrating = (): boolean => hydrating

/**
 * Resolves in a new task after every slot handed out before it, so parts waiting on
 * successive slots hydrate one per task, in page order.
 */
export const nextHydrationSlot = (): Promise<void> => {
  lastSlot = lastSlot.then(() => new Promise((resolve) => setTimeout(resolve, 0)))
  return lastSlot
}
