/** Smooth in-page scrolling that respects the visitor's reduced-motion setting. */

export const prefersReducedMotion = (): boolean =>
  typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches

/**
 * Scrolls to the element with this id and moves keyboard focus there, so the next Tab
 * continues from the section. Returns false when the page has no such element.
 */
export const scrollToSection = (id: string): boolean => {
  const target = typeof document === "undefined" ? null : document.getElementById(id)
  if (!target) return false
  target.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" })
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1")
  target.focus({ preventScroll: true })
  if (window.location.hash !== `#${id}`) window.history.replaceState(window.history.state, "", `#${id}`)
  return true
}
