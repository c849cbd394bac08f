/** @jsxImportSource theme-ui */
import { ThemeProvider } from "@emotion/react"
import type { ReactNode } from "react"
import { useRememberLanding } from "../../hooks/use-remember-landing"
import { useSiteContent, useUiCopy } from "../../hooks/use-site-content"
import { isOwnerPage, MAIN_CONTENT_ID } from "../../lib/routes"
import theme from "../../theme"
import { HydrateLater } from "../shared/Hydration"
import { CookieNotice } from "./CookieNotice"
import { ErrorBoundary } from "./ErrorBoundary"
import { Footer } from "./Footer"
import { Header } from "./Header"
import { SkipLink } from "./SkipLink"
import { Toasts } from "./Toasts"

interface LayoutProps {
  pathname: string
  children: ReactNode
}

/**
 * The frame around every page: the theme, header, main content, footer, cookie notice and
 * toasts. The theme is provided here rather than around Gatsby's root (as
 * gatsby-plugin-theme-ui does), because Gatsby also wraps each page's <Head> in the root
 * wrapper. `sx` needs only emotion's theme: the site has one colour mode and its root styles
 * are a stylesheet written into every page at build time (gatsby-ssr.tsx), so theme-ui's
 * provider (colour modes, CSS variables, root styles computed in the browser) is not shipped.
 */
export const Layout = ({ pathname, children }: LayoutProps) => {
  const site = useSiteContent()
  const ui = useUiCopy()
  useRememberLanding(site.brand)
  // The owner's page brings its own frame (its logo, sections and sign out) and its own <main>.
  if (isOwnerPage(pathname))
    return (
      <ThemeProvider theme={theme}>
        <SkipLink target={MAIN_CONTENT_ID} label={ui.skipLink} />
        <ErrorBoundary key={pathname} copy={ui.errorPage}>
          {children}
        </ErrorBoundary>
        <Toasts />
      </ThemeProvider>
    )
  return (
    <ThemeProvider theme={theme}>
      <div sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
        <SkipLink target={MAIN_CONTENT_ID} label={ui.skipLink} />
        {/* Before the header: the keyboard meets it first. Keyed by page: Dismiss hides it for this page view only. */}
        <CookieNotice key={pathname} brand={site.brand} />
        <HydrateLater>
          <Header brand={site.brand} />
        </HydrateLater>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: "1 0 auto", outline: "none" }}>
          <ErrorBoundary key={pathname} copy={ui.errorPage}>
            {children}
          </ErrorBoundary>
        </main>
        <HydrateLater>
          <Footer brand={site.brand} tagline={site.tagline} social={site.social} buildYear={site.buildYear} />
        </HydrateLater>
        <Toasts />
      </div>
    </ThemeProvider>
  )
}
