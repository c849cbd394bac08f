/** @jsxImportSource theme-ui */
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from "react"
import { isHydrating, nextHydrationSlot } from "../../lib/hydration"
import { whenIdle } from "../../lib/idle"

interface HydrationProps {
  children: ReactNode
}

/** Box-less wrappers: they must not change the layout (or a sticky header's containing block). */
const NO_BOX = { display: "contents" } as const

const Wrapper = ({ children }: HydrationProps) => <div sx={NO_BOX}>{children}</div>

const SERVER_HTML = { __html: "" }

/**
 * Content with no behaviour. On the first page load the browser keeps the server's HTML
 * as it is instead of hydrating it; after a client-side navigation it renders as usual.
 */
export const StaticMarkup = ({ children }: HydrationProps) => {
  const [keepServerHtml] = useState(isHydrating)
  return keepServerHtml ? <div sx={NO_BOX} dangerouslySetInnerHTML={SERVER_HTML} suppressHydrationWarning /> : <Wrapper>{children}</Wrapper>
}

/**
 * An interactive part that hydrates in a task of its own, after the page around it. Until
 * then the server HTML stays on screen as it is (links and forms in it already work as
 * plain HTML).
 */
export const HydrateLater = ({ children }: HydrationProps) => {
  const [Deferred] = useState(() => (isHydrating() ? lazy(() => nextHydrationSlot().then(() => ({ default: Wrapper }))) : null))
  if (!Deferred) return <Wrapper>{children}</Wrapper>
  return (
    <Suspense fallback={null}>
      <Deferred>{children}</Deferred>
    </Suspense>
  )
}

/**
 * A component below the first screen whose code is a chunk of its own, kept out of the page's
 * opening JavaScript: on the first load it is fetched once the browser is idle, and its server
 * HTML stays on screen until it has come and hydrated (render it inside a <Suspense>); after a
 * client-side navigation it is fetched at once. Server rendering must not use it (a suspended
 * part is streamed after the rest of the page): the page takes the component itself there.
 */
export const lazyAfterIdle = <Props extends object>(load: () => Promise<ComponentType<Props>>) =>
  lazy(async () => {
    if (isHydrating()) await new Promise<void>((resolve) => whenIdle(resolve))
    return { default: await load() }
  })
