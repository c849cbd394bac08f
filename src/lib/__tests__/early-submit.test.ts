import { holdEarlySubmits, holdEarlySubmitsScript } from "../early-submit"

/** A form as the server's HTML has it, nothing of the page listening yet. */
const serverForm = (): HTMLFormElement => {
  const form = document.createElement("form")
  form.innerHTML = '<input name="email" value="early-fan@example.com"><button>Join</button>'
  document.body.append(form)
  return form
}

/** What the page's JavaScript adds once it has come: a handler that sends the form itself. */
const pageTakes = (form: HTMLFormElement) => {
  const sent = jest.fn((event: Event) => event.preventDefault())
  form.addEventListener("submit", sent)
  return sent
}

/** Whether the browser would send the form itself: a visitor's press that nothing stopped. */
const pressSend = (form: HTMLFormElement): boolean => {
  let sentByBrowser = false
  const check = (event: Event) => void (sentByBrowser = !event.defaultPrevented)
  window.addEventListener("submit", check)
  form.requestSubmit()
  window.removeEventListener("submit", check)
  return sentByBrowser
}

describe("a form sent before the page's JavaScript has come", () => {
  // As every page's head runs it, before its forms.
  beforeAll(() => holdEarlySubmits(document, 100))
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => {
    jest.runOnlyPendingTimers()
    jest.useRealTimers()
    document.body.replaceChildren()
  })

  it("is held: the browser does not send it itself (no address in a URL, no reload)", () => {
    expect(pressSend(serverForm())).toBe(false)
  })

  it("is sent once, by the page, when its JavaScript has come, however often the visitor pressed", () => {
    const form = serverForm()
    pressSend(form)
    pressSend(form)
    jest.advanceTimersByTime(1_000)
    const sent = pageTakes(form)
    jest.advanceTimersByTime(100)
    expect(sent).toHaveBeenCalledTimes(1)
    jest.advanceTimersByTime(1_000)
    expect(sent).toHaveBeenCalledTimes(1)
  })

  it("is left to the page once its JavaScript has come: a press is sent once, by the page alone", () => {
    const form = serverForm()
    const sent = pageTakes(form)
    expect(pressSend(form)).toBe(false)
    jest.advanceTimersByTime(1_000)
    expect(sent).toHaveBeenCalledTimes(1)
  })

  it("is the head script's own text, with how often to offer the form again", () => {
    expect(() => new Function(holdEarlySubmitsScript)).not.toThrow()
    expect(holdEarlySubmitsScript.endsWith(")(document,100)")).toBe(true)
  })
})
