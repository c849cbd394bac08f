import { render, screen, within } from "@testing-library/react"
import about from "../../../content/pages/about.json"
import values from "../../../content/values.json"
import { describePageHead, theOneH1 } from "../../../test/page-checks"
import { aboutData, pageProps } from "../../../test/page-fixtures"
import AboutPage, { Head } from "../about"

const renderAbout = () => render(<AboutPage {...pageProps(aboutData(), "/about/")} />)

const signupSection = (): HTMLElement => {
  const element = document.getElementById("join-the-drop")
  if (!element) throw new Error("no signup section")
  return element
}

describe("About page", () => {
  it("opens with one h1 and the intro paragraphs", () => {
    renderAbout()
    expect(theOneH1()).toHaveTextContent(about.intro.heading)
    const intro = screen.getByRole("region", { name: about.intro.heading })
    expect(about.intro.paragraphs.length).toBeGreaterThan(0)
    about.intro.paragraphs.forEach((paragraph) => {
      expect(within(intro).getByText(paragraph)).toBeInTheDocument()
    })
  })

  it("shows the three value cards in order", () => {
    renderAbout()
    const section = screen.getByRole("region", { name: about.values.heading })
    const cards = within(section).getAllByRole("heading", { level: 3 })
    expect(cards.map((card) => card.textContent)).toEqual(["Authentic Curation", "Youth-First", "Sustainable Steps"])
    cards.forEach((card, i) => {
      expect(card.closest("li")).toHaveTextContent(values.values[i].description)
    })
  })

  it("tells the story behind 94 and links to the Home signup section", () => {
    renderAbout()
    const story = screen.getByRole("region", { name: "The Story Behind 94" })
    expect(about.story.paragraphs.length).toBeGreaterThan(0)
    about.story.paragraphs.forEach((paragraph) => {
      expect(within(story).getByText(paragraph)).toBeInTheDocument()
    })
    const link = within(story).getByRole("link", { name: "Join the Drop" })
    expect(link).toHaveAttribute("href", "/#join-the-drop")
    // It is the page's only "Join the Drop" link; the signup form has a button, not a link.
    expect(screen.getAllByRole("link", { name: "Join the Drop" })).toEqual([link])
  })

  it("ends with the signup section at #join-the-drop", () => {
    renderAbout()
    const signup = signupSection()
    expect(within(signup).getByRole("heading", { level: 2, name: about.signup.heading })).toBeInTheDocument()
    expect(within(signup).getByText(about.signup.text)).toBeInTheDocument()
    expect(signup).toHaveTextContent("Join 5,000+ people already on the list.")
    expect(within(signup).getByRole("textbox", { name: "Email address" })).toBeInTheDocument()
    expect(within(signup).getByRole("checkbox")).toBeInTheDocument()
    const sections = screen.getAllByRole("region")
    expect(sections[sections.length - 1]).toBe(signup)
  })
})

describePageHead("About", { Head, data: aboutData, pathname: "/about/" }, "About | Block 94", {
  test: "describes the page as an AboutPage in JSON-LD",
  types: ["AboutPage"],
  matches: { "@graph": [{ name: about.seo.title, url: "https://block94.example/about/" }] },
})
