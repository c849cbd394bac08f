/**
 * A form of the server's HTML can be sent before the page's JavaScript has come (on a slow
 * network the form is there first). The browser would send it itself: as a GET with the address
 * and the message in the URL (the history, the host's logs) and a reload that empties the form.
 * Forms marked with HOLD_ATTRIBUTE are held instead by a script in every page's head, which notes
 * that the visitor sent them; their component, once ready, sends what the visitor sent.
 */
export const HOLD_ATTRIBUTE = "data-held-until-ready" as const
const SENT_EARLY_ATTRIBUTE = "data-sent-early"

/** The head's inline script: holds a marked form's submit and notes it. */
export const holdEarlySubmitsScript = `document.addEventListener("submit",function(e){var f=e.target;if(f instanceof HTMLFormElement&&f.hasAttribute("${HOLD_ATTRIBUTE}")){e.preventDefault();f.setAttribute("${SENT_EARLY_ATTRIBUTE}","")}},true)`

/** Stops holding a form whose component is ready, and sends it if the visitor already did. */
export const releaseHeldForm = (form: HTMLFormElement | null): void => {
  if (!form) return
  form.removeAttribute(HOLD_ATTRIBUTE)
  if (!form.hasAttribute(SENT_EARLY_ATTRIBUTE)) return
  form.removeAttribute(SENT_EARLY_ATTRIBUTE)
  form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }))
}
