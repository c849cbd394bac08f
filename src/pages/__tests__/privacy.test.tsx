import { render, screen, within } from "@testing-library/react"
import { describePageHead, theOneH1 } from "../../../test/page-checks"
import { formatDay } from "../../lib/dates"
import { dropsContent, pageProps, privacyContent, privacyData } from "../../../test/page-fixtures"
import { DROP_ENTRY_DAYS, VISIT_COUNT_MONTHS } from "../../signup/retention"
import PrivacyPage, { Head } from "../privacy"

const renderPrivacy = () => render(<PrivacyPage {...pageProps(privacyData(), "/privacy/")} />)

describe("Privacy page", () => {
  it("opens with one h1", () => {
    renderPrivacy()
    expect(theOneH1()).toHaveTextContent("Privacy Policy")
  })

  it("shows the Last updated date in the site's one date format, readable and machine-readable", () => {
    renderPrivacy()
    const line = screen.getByText(/^Last updated:/)
    const written = formatDay(privacyContent.updated, { language: "en" })
    expect(written).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4}$/)
    expect(line).toHaveTextContent(`Last updated: ${written}`)
    const time = line.querySelector("time")
    expect(time).not.toBeNull()
    expect(time).toHaveAttribute("dateTime", privacyContent.updated)
    expect(time).toHaveTextContent(written)
  })

  it("has a heading for every section of content/pages/privacy.json, in order", () => {
    renderPrivacy()
    const headings = screen.getAllByRole("heading", { level: 2 })
    expect(privacyContent.sections.length).toBeGreaterThan(0)
    expect(headings.map((heading) => heading.textContent)).toEqual(privacyContent.sections.map((section) => section.heading))
    headings.forEach((heading, i) => {
      const section = heading.closest("section")
      expect(section).not.toBeNull()
      expect(within(section as HTMLElement).getAllByText(/\S/, { selector: "p" })).toHaveLength(privacyContent.sections[i].paragraphs.length)
    })
  })

  it("fills the {email} and {responseTime} placeholders", () => {
    const { container } = renderPrivacy()
    const text = container.textContent ?? ""
    expect(text).toContain("hello@block94.example")
    expect(text).toContain("3 business days")
    expect(text).not.toContain("{email}")
    expect(text).not.toMatch(/\{\w+\}/)
    expect(screen.getByText(/Write to us at hello@block94\.example and we will reply within 3 business days\./)).toBeInTheDocument()
  })

  it("states the drops' minimum age from content/drops.json and how long entries are kept", () => {
    renderPrivacy()
    expect(screen.getByText(new RegExp(`You must be ${dropsContent.minimumAge} or older to enter a draw`))).toBeInTheDocument()
    expect(screen.getByText(new RegExp(`${DROP_ENTRY_DAYS} days after the drop's entries close`))).toBeInTheDocument()
  })

  it("states how long page views are counted from the server's rule, and that counting them stores nothing in the browser", () => {
    renderPrivacy()
    expect(screen.getByText(new RegExp(`We keep the counts for ${VISIT_COUNT_MONTHS} months, then delete them\\.`))).toBeInTheDocument()
    expect(screen.getByText(/Counting page views stores nothing in your browser\./)).toBeInTheDocument()
  })

  it("states the leaderboard's minimum of friends from the server's rule", () => {
    renderPrivacy()
    expect(screen.getByText(/you appear on it only once at least 3 friends have joined with your link/)).toBeInTheDocument()
  })
})

describePageHead("Privacy", { Head, data: privacyData, pathname: "/privacy/" }, "Privacy Policy | Block 94", {
  test: "describes the page as a WebPage in JSON-LD",
  types: ["WebPage"],
  matches: { "@graph": [{ url: "https://block94.example/privacy/" }] },
})
