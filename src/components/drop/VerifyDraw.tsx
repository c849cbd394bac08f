/** @jsxImportSource theme-ui */
import { useState } from "react"
import type { DrawnRecord } from "../../drop/contract"
import type { BuiltDrop, DrawCheck } from "../../drop/verify"
import { fetchEntryList } from "../../lib/drop-client"
import type { VerifyCopy } from "./copy"
import { BusyButton } from "../shared/BusyButton"

type CheckState = { kind: "idle" } | { kind: "checking" } | { kind: "done"; check: DrawCheck } | { kind: "failed" }

/**
 * "Check the draw": downloads the entry list and checks the record against the commitment and
 * beacon key this page was built with, then runs the draw again with the one copy of the rule
 * (src/drop/verify.ts and draw.ts, with the beacon's curve code, loaded only on the click), and
 * says whether it all holds, and what differs if not. Nothing is sent anywhere.
 */
export const VerifyDraw = ({ record, built, copy }: { record: DrawnRecord; built: BuiltDrop; copy: VerifyCopy }) => {
  const [state, setState] = useState<CheckState>({ kind: "idle" })
  const checking = state.kind === "checking"

  const run = async () => {
    if (checking) return
    setState({ kind: "checking" })
    const entryList = await fetchEntryList(record.drop)
    if (entryList === null) {
      setState({ kind: "failed" })
      return
    }
    try {
      const { checkDrop } = await import("../../drop/verify")
      const check = await checkDrop(built, record, entryList)
      setState({ kind: "done", check })
    } catch {
      setState({ kind: "failed" })
    }
  }

  return (
    <div sx={{ display: "grid", gap: 3, justifyItems: "start", mt: 5 }}>
      <p>{copy.intro}</p>
      <BusyButton busy={checking} onClick={() => void run()} variant="primary">
        {checking ? copy.checking : copy.button}
      </BusyButton>
      <div role="status" sx={{ width: "100%" }}>
        {state.kind === "failed" && <p>{copy.failed}</p>}
        {state.kind === "done" && state.check.ok && (
          <p data-verdict="match" sx={{ variant: "messages.edge", p: 3, bg: "muted", fontWeight: "bold" }}>
            {copy.match}
          </p>
        )}
        {state.kind === "done" && !state.check.ok && (
          <div data-verdict="mismatch" sx={{ variant: "messages.edge", p: 3, borderColor: "secondary", bg: "muted" }}>
            <p sx={{ fontWeight: "bold", mb: 2 }}>{copy.mismatch}</p>
            <ul sx={{ pl: 4, m: 0, display: "grid", gap: 1, overflowWrap: "anywhere" }}>
              {state.check.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  )
}
