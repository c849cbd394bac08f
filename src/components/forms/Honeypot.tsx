/** @jsxImportSource theme-ui */
import type { RefObject } from "react"
import { HONEYPOT_FIELD } from "../../signup/honeypot"

/**
 * A trap field for bots: off-screen, hidden from screen readers and skipped by Tab,
 * so people never fill it. A filled trap means a bot sent the form.
 */
export const Honeypot = ({ inputRef }: { inputRef: RefObject<HTMLInputElement> }) => (
  <div aria-hidden="true" sx={{ position: "absolute", left: "-10000px", top: "auto", width: 1, height: 1, overflow: "hidden" }}>
    <label>
      {HONEYPOT_FIELD}
      <input ref={inputRef} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </label>
  </div>
)
