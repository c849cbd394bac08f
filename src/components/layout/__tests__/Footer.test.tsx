import { act, render, screen, within } from "@testing-library/react"
import { siteFixture } from "../../../../test/site-fixture"
import { Footer } from "../Footer"

const renderFooter = (buildYear = 2026) =>
  render(<Footer brand={siteFixture.brand} tagline={siteFixture.tagline} social={siteFixture.social} buildYear={buildYear} />)

/** The footer with its social links, whose code arrives in a chunk of its own. */
const renderWholeFooter = async () => {
  renderFooter()
  await screen.findAllByRole("link", { name: /opens in a new tab/ })
}

describe("Footer", () => {
  afterEach(() => jest.useRealTimers())

  it("shows the tagline", async () => {
    await renderWholeFooter()
    expect(screen.getByText("Your Block. Your Drip.")).toBeVisible()
  })

  it("lists the quick links Home, About, Contact and Privacy Policy with their addresses", async () => {
    await renderWholeFooter()
    const nav = screen.getByRole("navigation", { name: "Footer" })
    const links = within(nav).getAllByRole("link")
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "/"],
      ["About", "/about/"],
      ["Contact", "/contact/"],
      ["Privacy Policy", "/privacy/"],
    ])
  })

  it.each([
    ["Instagram", "https://www.instagram.com/block94"],
    ["Twitter", "https://twitter.com/block94"],
    ["TikTok", "https://www.tiktok.com/@block94"],
  ])("links to %s in a new tab, safely", async (network, url) => {
    await renderWholeFooter()
    const link = screen.getByRole("link", { name: new RegExp(`\\b${network}\\b`) })
    expect(link).toHaveAccessibleName(`Block 94 on ${network} (opens in a new tab)`)
    expect(link).toHaveAttribute("href", url)
    expect(link).toHaveAttribute("target", "_blank")
    const rel = (link.getAttribute("rel") ?? "").split(/\s+/)
    expect(rel).toEqual(expect.arrayContaining(["noopener", "noreferrer"]))
  })

  it("offers a Join the Drop link", async () => {
    await renderWholeFooter()
    const join = screen.getByRole("link", { name: "Join the Drop" })
    expect(join).toHaveAttribute("href", "/#join-the-drop")
  })

  it("shows the visitor's current year in the copyright line, not the build year", () => {
    jest.useFakeTimers()
    jest.setSystemTime(new Date("2031-03-15T12:00:00Z"))
    renderFooter(2026)
    act(() => {
      jest.runOnlyPendingTimers()
    })
    expect(screen.getByText(/^©/)).toHaveTextContent("© 2031 Block 94. All rights reserved.")
    expect(screen.queryByText(/2026/)).not.toBeInTheDocument()
  })
})
