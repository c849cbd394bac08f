import { useEffect, useState } from "react"

const QUERY = "(prefers-reduced-motion: reduce)"

/** Whether the visitor asked for less motion; false on the server and until mount. */
export const useReducedMotion = (): boolean => {
  const [reduced, setReduced] = useState(false)
  useEffect(() => {
    if (typeof window.matchMedia !== "function") return
    const media = window.matchMedia(QUERY)
    setReduced(media.matches)
    const onChange = () => setReduced(media.matches)
    media.addEventListener("change", onChange)
    return () => media.removeEventListener("change", onChange)
  }, [])
  return reduced
}
