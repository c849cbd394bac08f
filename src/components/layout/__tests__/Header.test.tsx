import { fireEvent, render, screen } from "@testing-library/react"
import { Header } from "../Header"

const menuButton = () => screen.getByRole("button", { name: "Menu" })

describe("Header", () => {
  beforeEach(() => window.history.pushState({}, "", "/about/"))

  afterEach(() => jest.useRealTimers())

  it("links the logo home and lists Home, About and Contact, then the announced drop with its countdown", async () => {
    jest.useFakeTimers({ now: new Date("2026-11-28T12:30:00Z"), advanceTimers: true })
    render(<Header brand="Block 94" />)
    expect(screen.getByRole("link", { name: "Block 94 home" })).toHaveAttribute("href", "/")
    const nav = screen.getByRole("navigation", { name: "Main" })
    // The stage's code comes in a chunk of its own once the page is idle.
    expect(await screen.findByText("opens in 6d 4h")).toBeInTheDocument()
    expect(Array.from(nav.querySelectorAll("a")).map((link) => link.textContent)).toEqual([
      "Home",
      "About",
      "Contact",
      "Drop 01opens in 6d 4h",
      "Join the Drop",
    ])
    expect(nav.querySelector("[data-drop-link]")).toHaveAttribute("href", "/drop/")
  })

  it("marks the current page's link", () => {
    render(<Header brand="Block 94" />)
    fireEvent.click(menuButton()) // jsdom applies the phone layout, where the links sit in the menu
    expect(screen.getByRole("link", { name: "About" })).toHaveAttribute("aria-current", "page")
    expect(screen.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current")
  })

  it("opens the mobile menu and closes it after a link is chosen", () => {
    render(<Header brand="Block 94" />)
    expect(menuButton()).toHaveAttribute("aria-expanded", "false")
    fireEvent.click(menuButton())
    expect(menuButton()).toHaveAttribute("aria-expanded", "true")
    fireEvent.click(screen.getByRole("link", { name: "Contact" }))
    expect(menuButton()).toHaveAttribute("aria-expanded", "false")
  })

  it("closes the mobile menu on Escape and gives focus back to the toggle", () => {
    render(<Header brand="Block 94" />)
    fireEvent.click(menuButton())
    fireEvent.keyDown(document, { key: "Escape" })
    expect(menuButton()).toHaveAttribute("aria-expanded", "false")
    expect(menuButton()).toHaveFocus()
  })

  it("closes the mobile menu when Join the Drop is chosen", () => {
    render(<Header brand="Block 94" />)
    fireEvent.click(menuButton())
    fireEvent.click(screen.getByRole("link", { name: "Join the Drop" }))
    expect(menuButton()).toHaveAttribute("aria-expanded", "false")
  })
})
