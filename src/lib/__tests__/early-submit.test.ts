import { HOLD_ATTRIBUTE, holdEarlySubmitsScript, releaseHeldForm } from "../early-submit"

/** A form as the server's HTML has it: marked to be held, nothing listening yet. */
const serverForm = (): HTMLFormElement => {
  const form = document.createElement("form")
  form.setAttribute(HOLD_ATTRIBUTE, "")
  form.innerHTML = '<input name="email" value="early-fan@example.com"><button>Join</button>'
  document.body.append(form)
  return form
}

const send = (form: HTMLFormElement): Event => {
  const event = new Event("submit", { bubbles: true, cancelable: true })
  form.dispatchEvent(event)
  return event
}

describe("a form sent before the page's JavaScript has come", () => {
  // The head's script, as every page runs it before its forms.
  beforeAll(() => new Function(holdEarlySubmitsScript)())
  afterEach(() => document.body.replaceChildren())

  it("is held: the browser does not send it itself (no address in a URL, no reload)", () => {
    expect(send(serverForm()).defaultPrevented).toBe(true)
  })

  it("is sent once, by the page, when its component is ready", () => {
    const form = serverForm()
    send(form)
    const sent = jest.fn((event: Event) => event.preventDefault())
    form.addEventListener("submit", sent)
    releaseHeldForm(form)
    expect(sent).toHaveBeenCalledTimes(1)
    releaseHeldForm(form)
    expect(sent).toHaveBeenCalledTimes(1)
  })

  it("is not sent when the visitor had not sent it, and is no longer held once ready", () => {
    const form = serverForm()
    const sent = jest.fn()
    form.addEventListener("submit", sent)
    releaseHeldForm(form)
    expect(sent).not.toHaveBeenCalled()
    expect(send(form).defaultPrevented).toBe(false)
  })

  it("leaves forms without the mark to the browser", () => {
    const form = document.createElement("form")
    document.body.append(form)
    expect(send(form).defaultPrevented).toBe(false)
  })
})
