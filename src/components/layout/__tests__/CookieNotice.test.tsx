import { act, fireEvent, render, screen } from "@testing-library/react"
import { CookieNotice } from "../CookieNotice"

const KEY = "block94-cookie-consent"
const notice = () => screen.queryByRole("complementary", { name: "Cookie notice" })

/** Renders the notice and lets the browser go idle, which is when it decides to show. */
const renderNotice = () => {
  const result = render(<CookieNotice brand="Block 94" />)
  act(() => jest.runOnlyPendingTimers())
  return result
}

describe("CookieNotice", () => {
  beforeEach(() => {
    jest.useFakeTimers()
    window.localStorage.clear()
  })
  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
  })

  it("waits until the browser is idle before it shows", () => {
    render(<CookieNotice brand="Block 94" />)
    expect(notice()).not.toBeInTheDocument()
    act(() => jest.runOnlyPendingTimers())
    expect(notice()).toBeInTheDocument()
  })

  it("is shown when no choice is stored", () => {
    renderNotice()
    expect(notice()).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Accept" })).toBeVisible()
    expect(screen.getByRole("button", { name: "Dismiss" })).toBeVisible()
    expect(screen.getByRole("button", { name: "Close cookie notice" })).toBeVisible()
  })

  it("Accept stores the flag and hides the notice, also after a reload", () => {
    const { unmount } = renderNotice()
    fireEvent.click(screen.getByRole("button", { name: "Accept" }))
    expect(window.localStorage.getItem(KEY)).toBe("true")
    expect(notice()).not.toBeInTheDocument()
    unmount()
    renderNotice()
    expect(notice()).not.toBeInTheDocument()
  })

  it.each(["Dismiss", "Close cookie notice"])("%s hides the notice but stores nothing", (name) => {
    renderNotice()
    fireEvent.click(screen.getByRole("button", { name }))
    expect(notice()).not.toBeInTheDocument()
    expect(window.localStorage.getItem(KEY)).toBeNull()
    expect(window.localStorage.length).toBe(0)
  })

  it("is not shown when the flag is already stored", () => {
    window.localStorage.setItem(KEY, "true")
    renderNotice()
    expect(notice()).not.toBeInTheDocument()
  })

  it("comes back on the next page view after Dismiss", () => {
    const { unmount } = renderNotice()
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }))
    expect(notice()).not.toBeInTheDocument()
    unmount()
    renderNotice()
    expect(notice()).toBeInTheDocument()
  })

  it("does not crash when storage throws", () => {
    jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("SecurityError")
    })
    jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("QuotaExceededError")
    })
    renderNotice()
    expect(notice()).toBeInTheDocument()
    fireEvent.click(screen.getByRole("button", { name: "Accept" }))
    expect(notice()).not.toBeInTheDocument()
  })
})
