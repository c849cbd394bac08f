import { render, screen } from "@testing-library/react"
import notFound from "../../../content/pages/not-found.json"
import { titleText } from "../../../test/head-helpers"
import { theOneH1 } from "../../../test/page-checks"
import { headProps, notFoundData, pageProps } from "../../../test/page-fixtures"
import NotFoundPage, { Head } from "../404"

describe("404 page", () => {
  let warn: jest.SpyInstance<void, Parameters<typeof console.warn>>

  beforeEach(() => {
    warn = jest.spyOn(console, "warn").mockImplementation(() => undefined)
  })
  afterEach(() => {
    warn.mockRestore()
  })

  const renderNotFound = () => render(<NotFoundPage {...pageProps(notFoundData(), "/nope/")} />)

  it("says the page was not found in its one h1", () => {
    renderNotFound()
    expect(theOneH1()).toHaveTextContent("404 Page Not Found")
    expect(screen.getByText(notFound.text)).toBeInTheDocument()
  })

  it("says 404 once: in the heading, with no decorative number beside it", () => {
    const { container } = renderNotFound()
    expect(container.textContent?.match(/404/g)).toHaveLength(1)
  })

  it("links back to Home and to Contact", () => {
    renderNotFound()
    expect(screen.getByRole("link", { name: notFound.homeButton })).toHaveAttribute("href", "/")
    expect(screen.getByRole("link", { name: notFound.contactButton })).toHaveAttribute("href", "/contact/")
    expect(screen.getAllByRole("link")).toHaveLength(2)
  })

  it("warns once, naming the path the visitor tried", () => {
    renderNotFound()
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0][0])).toContain("/nope/")
  })
})

describe("404 page Head", () => {
  const renderHead = () => render(<Head {...headProps(notFoundData(), "/nope/")} />).container

  it("sets the title with the brand", () => {
    expect(titleText(renderHead())).toBe("Page not found | Block 94")
  })

  it("keeps the page out of search results, with no canonical link", () => {
    const container = renderHead()
    const robots = container.querySelectorAll('meta[name="robots"]')
    expect(robots).toHaveLength(1)
    expect(robots[0]).toHaveAttribute("content", "noindex, follow")
    expect(container.querySelector('link[rel="canonical"]')).toBeNull()
  })
})
