/**
 * Resolves once `element` is inside no closed <details>: at once when it is not, else when the
 * visitor opens the fold (by its summary, a link into it or find in page). Browser only.
 */
export const whenUnfolded = (element: Element | null): Promise<void> =>
  new Promise((resolve) => {
    const fold = element?.parentElement?.closest("details:not([open])")
    if (!fold) resolve()
    else fold.addEventListener("toggle", () => void whenUnfolded(element).then(resolve), { once: true })
  })
