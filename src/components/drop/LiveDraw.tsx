/** @jsxImportSource theme-ui */
import { useEffect, useRef, useState } from "react"
import type { BuiltDrop } from "../../drop/verify"
import { dropRecordUrl, fetchPublishedDrop, type DropRecordOutcome } from "../../lib/drop-client"
import { whenUnfolded } from "../../lib/fold"
import { fillTemplate } from "../../signup/template"
import { dropSectionId, type LiveCopy } from "./copy"
import { isCheckable } from "../../drop/contract"
import { CheckLater } from "./CheckLater"
import { DrawRecord } from "./DrawRecord"
import { subheading } from "./ui"

interface LiveDrawProps {
  dropId: string
  /** The commitment, window and beacon chain this page was built with: what the check holds the record to. */
  built: BuiltDrop
  /** When the results are out: the check opens then. */
  resultsAt: string
  copy: LiveCopy
  /** "The check opens with the results, {time}.", beside the check's button before the draw. */
  checkOpens: string
  /** The no-JavaScript line, with "{link}" where the record's address goes. */
  noscript: string
  sizeNames: Readonly<Record<string, string>>
  language: string
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[character] ?? character)

/**
 * The no-JavaScript line as HTML: set as the <noscript>'s own markup, so neither the server
 * render nor hydration reads its children (a browser that runs scripts sees them as text).
 */
export const noscriptHtml = (line: string, url: string): string =>
  `<p>${fillTemplate(escapeHtml(line), { link: `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` })}</p>`

type LiveState = { kind: "idle" } | { kind: "loading" } | DropRecordOutcome

/**
 * The draw's live record, read from the server once the page runs and the fold around it (if
 * any) is open: folded, nobody sees it, so a visitor who never opens it costs neither their
 * phone nor the server the record. Until there is one (before the owner publishes the seed's
 * hash, or when the server cannot be reached) it says so calmly.
 */
export const LiveDraw = ({ dropId, built, resultsAt, copy, checkOpens, noscript, sizeNames, language }: LiveDrawProps) => {
  const [state, setState] = useState<LiveState>({ kind: "idle" })
  const sectionRef = useRef<HTMLElement>(null)
  useEffect(() => {
    let current = true
    void whenUnfolded(sectionRef.current).then(async () => {
      if (!current) return
      setState({ kind: "loading" })
      const outcome = await fetchPublishedDrop(dropId)
      if (current) setState(outcome)
    })
    return () => {
      current = false
    }
  }, [dropId])

  const headingId = dropSectionId(dropId, "draw")
  const message = state.kind === "loading" ? copy.loading : state.kind === "unavailable" ? copy.unavailable : null
  return (
    <section
      ref={sectionRef}
      aria-labelledby={headingId}
      data-draw={state.kind}
      sx={{ p: [4, 5], bg: "surface", border: "2px solid", borderColor: "border", borderRadius: "large" }}
    >
      <h3 id={headingId} sx={{ ...subheading, mb: 2 }}>
        {copy.heading}
      </h3>
      <p sx={{ color: "subtle", mb: 4 }}>{copy.intro}</p>
      <div role="status" sx={{ minHeight: "3.2em" }}>
        {message && <p sx={{ variant: "text.lead" }}>{message}</p>}
      </div>
      {state.kind === "found" && <DrawRecord record={state.record} built={built} copy={copy} sizeNames={sizeNames} language={language} />}
      {!(state.kind === "found" && isCheckable(state.record)) && (
        <CheckLater id={dropSectionId(dropId, "check-opens")} button={copy.verify.button} line={checkOpens} resultsAt={resultsAt} language={language} />
      )}
      <div sx={{ a: { variant: "links.inline", overflowWrap: "anywhere" } }}>
        <noscript dangerouslySetInnerHTML={{ __html: noscriptHtml(noscript, dropRecordUrl(dropId)) }} />
      </div>
    </section>
  )
}
