import { render, screen } from "@testing-library/react"
import { Layout } from "../Layout"

describe("Layout", () => {
  beforeEach(() => window.history.pushState({}, "", "/"))

  it("frames the page with a skip link, header, main content and footer", () => {
    render(
      <Layout pathname="/">
        <h1>Page body</h1>
      </Layout>,
    )
    const skip = screen.getByRole("link", { name: "Skip to content" })
    expect(skip).toHaveAttribute("href", "#main")

    const main = screen.getByRole("main")
    expect(main).toHaveAttribute("id", "main")
    expect(main).toContainElement(screen.getByRole("heading", { name: "Page body" }))
    expect(document.getElementById("main")).toBe(main)

    expect(screen.getByRole("banner")).toBeInTheDocument()
    expect(screen.getByRole("contentinfo")).toBeInTheDocument()
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument()
    expect(screen.getByRole("navigation", { name: "Footer" })).toBeInTheDocument()
  })

  it("puts the skip link before the header", () => {
    render(
      <Layout pathname="/">
        <p>x</p>
      </Layout>,
    )
    const skip = screen.getByRole("link", { name: "Skip to content" })
    const header = screen.getByRole("banner")
    expect(skip.compareDocumentPosition(header) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it("leaves the owner's page to its own frame: the skip link, and no public header, footer or navigation", () => {
    for (const pathname of ["/owner/", "/owner"]) {
      const { unmount } = render(
        <Layout pathname={pathname}>
          <main id="main">Owner</main>
        </Layout>,
      )
      expect(screen.getByRole("link", { name: "Skip to content" })).toHaveAttribute("href", "#main")
      expect(screen.getAllByRole("main")).toHaveLength(1)
      expect(screen.queryByRole("banner")).toBeNull()
      expect(screen.queryByRole("contentinfo")).toBeNull()
      expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull()
      unmount()
    }
  })
})
