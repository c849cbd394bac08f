/**
 * A form of the server's HTML can be sent before the page's JavaScript has come (on a slow
 * network the form is there first). The browser would send it itself: as a GET with the address
 * and the message in the URL (the history, the host's logs) and a reload that empties the form.
 * Every page's head runs `holdEarlySubmitsScript` before its forms, so a submit that nothing on
 * the page took is held instead, and handed to the form again until the page's own handler takes
 * it (every form's handler stops the browser's sending: that is how "taken" reads). Nothing of
 * this ships in the page's JavaScript.
 */

/** How often a held form is offered to the page again (ms). */
const RETRY_MS = 100

type HeldForm = HTMLFormElement & { heldSubmit?: ReturnType<typeof setInterval> }

/**
 * Runs in the page's head, as its own text: plain browser code, nothing imported. It passes over
 * a submit the page's handler took and the ones it sends again itself.
 */
export function holdEarlySubmits(page: Document, retryMs: number): void {
  page.addEventListener("submit", function (event) {
    if (!event.isTrusted || event.defaultPrevented) return
    event.preventDefault()
    const form = event.target as HeldForm
    if (form.heldSubmit) return
    form.heldSubmit = setInterval(function () {
      const again = new Event("submit", { bubbles: true, cancelable: true })
      form.dispatchEvent(again)
      if (!again.defaultPrevented) return
      clearInterval(form.heldSubmit)
      form.heldSubmit = undefined
    }, retryMs)
  })
}

export const holdEarlySubmitsScript = `(${holdEarlySubmits.toString()})(document,${RETRY_MS})`
