import { useEffect, useRef } from "react"
import { HOLD_ATTRIBUTE, releaseHeldForm } from "../lib/early-submit"

/**
 * Props for a form of the server's HTML: held while the page's JavaScript is on its way, and
 * sent once ready if the visitor sent it meanwhile (src/lib/early-submit.ts). Only the server's
 * HTML carries the mark; hydrating leaves it to the effect, and a form drawn later has none.
 */
export const useHeldForm = () => {
  const ref = useRef<HTMLFormElement>(null)
  useEffect(() => releaseHeldForm(ref.current), [])
  return typeof window === "undefined" ? { ref, [HOLD_ATTRIBUTE]: "" } : { ref }
}
