/** @jsxImportSource theme-ui */
import { useState } from "react"
import type { MyEntryCheck } from "../../drop/entry-list"
import { fetchEntryList, fetchPublishedDrop } from "../../lib/drop-client"
import { fillTemplate } from "../../signup/template"
import type { DropEntryCopy } from "./drop-entry-copy"
import { BusyButton } from "../shared/BusyButton"

interface CheckMyEntryProps {
  dropId: string
  /** The entry as this page knows it: its number, size (key and name for people) and tickets. */
  entry: { entryId: string; size: string; tickets: number }
  sizeName(size: string): string
  copy: DropEntryCopy["check"]
}

type State = { kind: "idle" } | { kind: "checking" } | { kind: "failed" } | MyEntryCheck

/**
 * "Check my entry is in the list": downloads the published record and entry list (from this
 * site, as anyone can), checks the list against its fingerprint, and finds the reader's line in
 * it, with its size and tickets. The list's code is loaded only on the click.
 */
export const CheckMyEntry = ({ dropId, entry, sizeName, copy }: CheckMyEntryProps) => {
  const [state, setState] = useState<State>({ kind: "idle" })
  const checking = state.kind === "checking"

  const run = async () => {
    if (checking) return
    setState({ kind: "checking" })
    const [record, list] = await Promise.all([fetchPublishedDrop(dropId), fetchEntryList(dropId)])
    if (record.kind !== "found" || !record.record.listHash || list === null) return setState({ kind: "failed" })
    try {
      const { checkMyEntry } = await import("../../drop/entry-list")
      setState(await checkMyEntry(list, record.record.listHash, { id: entry.entryId, size: entry.size, tickets: entry.tickets }))
    } catch {
      setState({ kind: "failed" })
    }
  }

  const said = (() => {
    const words = { id: entry.entryId, size: sizeName(entry.size), tickets: String(entry.tickets) }
    switch (state.kind) {
      case "found":
        return fillTemplate(copy.found, { ...words, line: String(state.line), count: String(state.count) })
      case "differs":
        return fillTemplate(copy.differs, { ...words, listSize: sizeName(state.listed.size), listTickets: String(state.listed.tickets) })
      case "missing":
        return fillTemplate(copy.missing, words)
      case "listChanged":
        return copy.listChanged
      case "failed":
        return copy.failed
      default:
        return null
    }
  })()

  return (
    <div sx={{ display: "grid", gap: 3, justifyItems: "start" }}>
      <BusyButton busy={checking} onClick={() => void run()} variant="secondary">
        {checking ? copy.checking : copy.button}
      </BusyButton>
      <div role="status" sx={{ width: "100%" }}>
        {said && (
          <p
            data-entry-check={state.kind}
            sx={{ p: 3, borderLeft: "6px solid", borderColor: state.kind === "found" ? "primary" : "secondary", bg: "muted", overflowWrap: "anywhere" }}
          >
            {said}
          </p>
        )}
      </div>
    </div>
  )
}
