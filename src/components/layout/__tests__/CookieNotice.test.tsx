import { act, fireEvent, render, screen } from "@testing-library/react"
import { CookieNotice } from "../CookieNotice"

const KEY = "block94-cookie-consent"
const notice = () => screen.queryByRole("complementary", { name: "Cookie notice" })

/** Renders the notice and lets the browser go idle, which is when it decides to show (and fetches its box). */
const renderNotice = async () => {
  const result = render(<CookieNotice brand="Block 94" />)
  await act(async () => {
    jest.runOnlyPendingTimers()
    await import("../CookieNoticeBox")
  })
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

  it("waits until the browser is idle before it shows", async () => {
    render(<CookieNotice brand="Block 94" />)
    expect(notice()).not.toBeInTheDocument()
    await act(async () => {
      jest.runOnlyPendingTimers()
      await import("../CookieNoticeBox")
    })
    expect(notice()).toBeInTheDocument()
  })

  it("is shown when no choice is stored", async () => {
    await renderNotice()
    expect(notice()).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Accept" })).toBeVisible()
    expect(screen.getByRole("button", { name: "Dismiss" })).toBeVisible()
    expect(screen.getByRole("button", { name: "Close cookie notice" })).toBeVisible()
  })

  it("Accept stores the flag and hides the notice, also after a reload", async () => {
    const { unmount } = await renderNotice()
    fireEvent.click(screen.getByRole("button", { name: "Accept" }))
    expect(window.localStorage.getItem(KEY)).toBe("true")
    expect(notice()).not.toBeInTheDocument()
    unmount()
    await renderNotice()
    expect(notice()).not.toBeInTheDocument()
  })

  it.each(["Dismiss", "Close cookie notice"])("%s hides the notice but stores nothing", async (name) => {
    await renderNotice()
    fireEvent.click(screen.getByRole("button", { name }))
    expect(notice()).not.toBeInTheDocument()
    expect(window.localStorage.getItem(KEY)).toBeNull()
    expect(window.localStorage.length).toBe(0)
  })

  it("keeps room for itself at the foot of the page while it shows, and gives it back when it goes", async () => {
    const space = () => document.documentElement.style.getPropertyValue("--cookie-notice-space")
    jest.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ top: window.innerHeight - 96 } as DOMRect)
    await renderNotice()
    expect(space()).toBe("96px")
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }))
    expect(space()).toBe("")
  })

  it("is not shown when the flag is already stored", async () => {
    window.localStorage.setItem(KEY, "true")
    await renderNotice()
    expect(notice()).not.toBeInTheDocument()
  })

  it("comes back on the next page view after Dismiss", async () => {
    const { unmount } = await renderNotice()
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }))
    expect(notice()).not.toBeInTheDocument()
    unmount()
    await renderNotice()
    expect(notice()).toBeInTheDocument()
  })

  it("does not crash when storage throws", async () => {
    jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("SecurityError")
    })
    jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("QuotaExceededError")
    })
    await renderNotice()
    expect(notice()).toBeInTheDocument()
    fireEvent.click(screen.getByRole("button", { name: "Accept" }))
    expect(notice()).not.toBeInTheDocument()
  })
})
