import { fireEvent, render, screen } from "@testing-library/react"
import { CookieNotice } from "../CookieNotice"

const KEY = "block94-cookie-consent"
const notice = () => screen.queryByRole("complementary", { name: "Cookie notice" })

describe("CookieNotice", () => {
  beforeEach(() => window.localStorage.clear())
  afterEach(() => jest.restoreAllMocks())

  it("is shown when no choice is stored", () => {
    render(<CookieNotice brand="Block 94" />)
    expect(notice()).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Accept" })).toBeVisible()
    expect(screen.getByRole("button", { name: "Dismiss" })).toBeVisible()
    expect(screen.getByRole("button", { name: "Close cookie notice" })).toBeVisible()
  })

  it("Accept stores the flag and hides the notice, also after a reload", () => {
    const { unmount } = render(<CookieNotice brand="Block 94" />)
    fireEvent.click(screen.getByRole("button", { name: "Accept" }))
    expect(window.localStorage.getItem(KEY)).toBe("true")
    expect(notice()).not.toBeInTheDocument()
    unmount()
    render(<CookieNotice brand="Block 94" />)
    expect(notice()).not.toBeInTheDocument()
  })

  it.each(["Dismiss", "Close cookie notice"])("%s hides the notice but stores nothing", (name) => {
    render(<CookieNotice brand="Block 94" />)
    fireEvent.click(screen.getByRole("button", { name }))
    expect(notice()).not.toBeInTheDocument()
    expect(window.localStorage.getItem(KEY)).toBeNull()
    expect(window.localStorage.length).toBe(0)
  })

  it("is not shown when the flag is already stored", () => {
    window.localStorage.setItem(KEY, "true")
    render(<CookieNotice brand="Block 94" />)
    expect(notice()).not.toBeInTheDocument()
  })

  it("comes back on the next page view after Dismiss", () => {
    const { unmount } = render(<CookieNotice brand="Block 94" />)
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }))
    expect(notice()).not.toBeInTheDocument()
    unmount()
    render(<CookieNotice brand="Block 94" />)
    expect(notice()).toBeInTheDocument()
  })

  it("does not crash when storage throws", () => {
    jest.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("SecurityError")
    })
    jest.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("QuotaExceededError")
    })
    render(<CookieNotice brand="Block 94" />)
    expect(notice()).toBeInTheDocument()
    fireEvent.click(screen.getByRole("button", { name: "Accept" }))
    expect(notice()).not.toBeInTheDocument()
  })
})
