import { useEffect, useRef } from "react"

/** A ref whose element takes the focus once it is on screen: the safe answer of a step, the heading of what just appeared. */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  useEffect(() => ref.current?.focus(), [])
  return ref
}
