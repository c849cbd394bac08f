/** @jsxImportSource theme-ui */
import type { RefObject } from "react"

/**
 * A trap field for bots: off-screen, hidden from screen readers and skipped by Tab,
 * so people never fill it. A filled trap means a bot sent the form.
 */
export const Honeypot = ({ inputRef }: { inputRef: RefObject<HTMLInputElement> }) => (
  <div aria-hidden="true" sx={{ position: "absolute", left: "-10000px", top: "auto", width: 1, height: 1, overflow: "hidden" }}>
    <label>
      Company
      <input ref={inputRef} type="text" name="company" tabIndex={-1} autoComplete="off" defaultValue="" />
    </label>
  </div>
)
