/** @jsxImportSource theme-ui */
import { navigate } from "gatsby"
import type { MouseEvent } from "react"
import { HOME_SIGNUP_PATH, SIGNUP_SECTION_ID } from "../../lib/routes"
import { scrollToSection } from "../../lib/scroll"

interface JoinDropButtonProps {
  label: string
  variant?: "primary" | "secondary" | "small"
  /** Called before scrolling, e.g. to close the mobile menu. */
  onActivate?: () => void
}

/**
 * Scrolls to the signup section on this page; on pages without one it goes to the Home
 * signup section. A plain link underneath, so it works before JavaScript loads too.
 */
export const JoinDropButton = ({ label, variant = "primary", onActivate }: JoinDropButtonProps) => {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    onActivate?.()
    if (!scrollToSection(SIGNUP_SECTION_ID)) void navigate(HOME_SIGNUP_PATH)
  }
  return (
    <a href={HOME_SIGNUP_PATH} onClick={handleClick} sx={{ variant: `buttons.${variant}` }}>
      {label}
    </a>
  )
}
