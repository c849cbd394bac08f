/** @jsxImportSource theme-ui */
import { Box, Button, Flex, Heading, Link, Text } from "@theme-ui/components"
import type { ReactNode } from "react"
import { MAIN_CONTENT_ID } from "../../lib/routes"
import { Logo } from "../layout/Logo"
import type { OwnerCopy } from "./copy"

/** The dashboard's sections, in page order: each one's anchor, and its link's words in content (`shell.links`). */
export const OWNER_SECTIONS = ["now", "people", "sources", "referrers", "upkeep", "held", "drops", "actions", "audit"] as const
export type OwnerSection = (typeof OWNER_SECTIONS)[number]

/** A section's anchor on the page. */
export const sectionAnchor = (section: OwnerSection): string => `owner-${section}`

interface OwnerShellProps {
  brand: string
  copy: Pick<OwnerCopy, "heading" | "intro" | "signOut" | "shell">
  /** Signed in: the section links and the sign-out button show. */
  onSignOut: (() => void) | null
  children: ReactNode
}

/**
 * The owner's page's own frame, in place of the public site's header and footer: the logo, the
 * links to the dashboard's sections and sign out in a bar that stays at the top, then the page.
 */
export function OwnerShell({ brand, copy, onSignOut, children }: OwnerShellProps) {
  return (
    <>
      <Box as="header" sx={{ position: "sticky", top: 0, zIndex: 10, bg: "background", borderBottom: "2px solid", borderColor: "border" }}>
        <Flex variant="layout.container" sx={{ alignItems: "center", gap: [2, 4], py: 2, flexWrap: ["wrap", null, "nowrap"] }}>
          <Logo brand={brand} />
          {onSignOut && (
            <>
              <Box
                as="nav"
                aria-label={copy.shell.sections}
                // A phone's and a tablet's row scrolls sideways; a laptop's wraps, so no link is ever cut off.
                sx={{ order: [3, null, 0], flex: ["1 0 100%", null, "1 1 auto"], overflowX: ["auto", null, "visible"], mx: [-1, null, 0] }}
              >
                <Box as="ul" sx={{ display: "flex", flexWrap: ["nowrap", null, "wrap"], gap: 1, listStyle: "none", m: 0, p: 1 }}>
                  {OWNER_SECTIONS.map((section) => (
                    <li key={section}>
                      <Link
                        href={`#${sectionAnchor(section)}`}
                        sx={{
                          display: "block",
                          px: 2,
                          py: 2,
                          color: "text",
                          fontSize: 1,
                          whiteSpace: "nowrap",
                          textDecoration: "none",
                          "&:hover": { color: "primary" },
                        }}
                      >
                        {copy.shell.links[section]}
                      </Link>
                    </li>
                  ))}
                </Box>
              </Box>
              <Button type="button" variant="ghost" onClick={onSignOut} sx={{ ml: "auto", flex: "none" }}>
                {copy.signOut}
              </Button>
            </>
          )}
        </Flex>
      </Box>
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} variant="layout.container" sx={{ py: [5, 6], minHeight: "100vh", outline: "none" }}>
        <Heading as="h1" id="page-heading" variant="display" sx={{ fontSize: [6, 7], mb: 3 }}>
          {copy.heading}
        </Heading>
        <Text as="p" variant="lead" sx={{ mb: [5, 6], maxWidth: 680 }}>
          {copy.intro}
        </Text>
        {children}
      </Box>
    </>
  )
}
