/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { useEffect, useRef, useState, type FocusEvent } from "react"
import { useAnnouncedDrop, useUiCopy } from "../../hooks/use-site-content"
import { MAIN_NAV } from "../../lib/routes"
import { HEADER_HEIGHT } from "../../theme"
import { Icon } from "../shared/Icon"
import { JoinDropButton } from "../shared/JoinDropButton"
import { DropLink } from "./DropLink"
import { Logo } from "./Logo"

const MENU_ID = "main-menu"

export const Header = ({ brand }: { brand: string }) => {
  const { navigation, joinButton, dropLink } = useUiCopy()
  const drop = useAnnouncedDrop()
  const [menuOpen, setMenuOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const closeMenu = () => setMenuOpen(false)

  // Listens all the time and reads the open state from the page at key time, so an Escape
  // pressed right after opening counts (an effect that starts listening on open runs too late).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || toggleRef.current?.getAttribute("aria-expanded") !== "true") return
      setMenuOpen(false)
      toggleRef.current.focus()
    }
    document.addEventListener("keydown", onKeyDown)
    return () => document.removeEventListener("keydown", onKeyDown)
  }, [])

  // The page under the open menu stays where it is.
  useEffect(() => {
    if (!menuOpen) return
    const root = document.documentElement
    root.style.overflow = "hidden"
    return () => {
      root.style.overflow = ""
    }
  }, [menuOpen])

  // Tabbing out of the open menu closes it: focus never goes on under the scrim.
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) closeMenu()
  }

  return (
    <header
      sx={{
        position: "sticky",
        top: 0,
        zIndex: 20,
        height: HEADER_HEIGHT,
        bg: "background",
        borderBottom: "2px solid",
        borderColor: "border",
      }}
    >
      <div sx={{ variant: "layout.container", display: "flex", alignItems: "center", justifyContent: "space-between", height: "100%", gap: 3 }}>
        <Logo brand={brand} />
        <nav aria-label={navigation.label} onBlur={onBlur}>
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            aria-label={navigation.menuButton}
            onClick={() => setMenuOpen((open) => !open)}
            sx={{ variant: "buttons.icon", display: ["inline-flex", "none"] }}
          >
            <Icon name={menuOpen ? "close" : "menu"} />
          </button>
          {menuOpen && (
            <div
              aria-hidden="true"
              data-scrim=""
              // Keeps focus in the menu until the click closes it (and hands focus to the toggle).
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                closeMenu()
                toggleRef.current?.focus()
              }}
              sx={{ display: ["block", "none"], position: "fixed", top: HEADER_HEIGHT, right: 0, bottom: 0, left: 0, bg: "scrim" }}
            />
          )}
          <ul
            id={MENU_ID}
            data-open={menuOpen}
            sx={{
              listStyle: "none",
              m: 0,
              p: 0,
              alignItems: "center",
              gap: [3, 4],
              display: [menuOpen ? "flex" : "none", "flex"],
              flexDirection: ["column", "row"],
              position: ["absolute", "static"],
              top: "100%",
              left: 0,
              right: 0,
              bg: ["background", "transparent"],
              borderBottom: ["2px solid", "none"],
              borderColor: "border",
              py: [4, 0],
            }}
          >
            {MAIN_NAV.map(({ page, to }) => (
              <li key={to}>
                <Link to={to} onClick={closeMenu} sx={{ variant: "links.nav" }}>
                  {navigation[page]}
                </Link>
              </li>
            ))}
            {drop && (
              <li>
                <DropLink drop={drop} copy={dropLink} onActivate={closeMenu} />
              </li>
            )}
            <li>
              <JoinDropButton label={joinButton} variant="small" onActivate={closeMenu} />
            </li>
          </ul>
        </nav>
      </div>
    </header>
  )
}
