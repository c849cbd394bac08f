import { render, screen, within } from "@testing-library/react"
import categories from "../../../content/categories.json"
import drops from "../../../content/drops.json"
import home from "../../../content/pages/home.json"
import reassurances from "../../../content/reassurances.json"
import site from "../../../content/site.json"
import slides from "../../../content/slides.json"
import { describePageHead, theOneH1 } from "../../../test/page-checks"
import { homeData, pageProps } from "../../../test/page-fixtures"
import HomePage, { Head } from "../index"

const renderHome = () => render(<HomePage {...pageProps(homeData(), "/")} />)

const byId = (id: string): HTMLElement => {
  const element = document.getElementById(id)
  if (!element) throw new Error(`no element with id ${id}`)
  return element
}

/** Whether `a` comes before `b` in document order. */
const precedes = (a: Node, b: Node): boolean => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)

describe("Home page", () => {
  it("has one h1, the hero headline", () => {
    renderHome()
    const h1 = theOneH1()
    expect(h1).toHaveTextContent(home.hero.headline)
    expect(h1).toHaveTextContent("Your Block. Your Drip.")
  })

  it("offers the hero calls to action, pointing at the signup and Why 94 sections", () => {
    renderHome()
    const hero = screen.getByRole("region", { name: home.hero.headline })
    expect(within(hero).getByText(home.hero.eyebrow)).toBeInTheDocument()
    expect(within(hero).getByText(home.hero.subtext)).toBeInTheDocument()
    const links = within(hero).getAllByRole("link")
    expect(links.map((link) => link.textContent)).toEqual(["Shop the Drop (Coming Soon)", "Learn Why 94"])
    expect(links[0]).toHaveAttribute("href", "#join-the-drop")
    expect(links[1]).toHaveAttribute("href", "#why-94")
  })

  it("lists the three reassurance points in order", () => {
    renderHome()
    const list = screen.getByRole("list", { name: "Why shop with us" })
    const items = within(list).getAllByRole("listitem")
    expect(items).toHaveLength(3)
    const titles = ["Curated picks", "Free shipping soon", "Verified quality"]
    items.forEach((item, i) => {
      expect(item).toHaveTextContent(titles[i])
      expect(item).toHaveTextContent(reassurances.reassurances[i].description)
    })
  })

  it("shows a carousel region of the three slides with their captions and alt text", () => {
    renderHome()
    const section = screen.getByRole("region", { name: home.carousel.heading })
    const carousel = within(section).getByRole("region", { name: home.carousel.label })
    expect(carousel).toHaveAttribute("aria-roledescription", "carousel")
    const slideElements = carousel.querySelectorAll('[aria-roledescription="slide"]')
    expect(slideElements).toHaveLength(3)
    expect(slides.slides).toHaveLength(3)
    slides.slides.forEach(({ caption, alt }, i) => {
      const slide = within(carousel).getByLabelText(`${i + 1} of 3`)
      expect(slide).toBe(slideElements[i])
      expect(within(slide).getByText(caption)).toBeInTheDocument()
      expect(within(slide).getByAltText(alt)).toBeInTheDocument()
    })
    // The first slide is the one shown.
    expect(slideElements[0]).not.toHaveAttribute("aria-hidden", "true")
    expect(slideElements[1]).toHaveAttribute("aria-hidden", "true")
    expect(within(carousel).getAllByRole("button", { name: /^Slide \d$/ })).toHaveLength(3)
  })

  it("explores the vibe with three category cards, each badged Coming Soon", () => {
    renderHome()
    const explore = screen.getByRole("region", { name: "Explore the Vibe" })
    expect(within(explore).getByText(home.explore.intro)).toBeInTheDocument()
    const cards = within(explore).getAllByRole("heading", { level: 3 })
    expect(cards.map((card) => card.textContent)).toEqual(["Apparel & Streetwear", "Accessories & Gear", "Home & Daily"])
    cards.forEach((card, i) => {
      const item = card.closest("li")
      expect(item).not.toBeNull()
      expect(within(item as HTMLElement).getByText("Coming Soon")).toBeInTheDocument()
      expect(item).toHaveTextContent(categories.categories[i].description)
    })
    expect(within(explore).getAllByText("Coming Soon")).toHaveLength(3)
  })

  it("has the Why 94? section at #why-94 with a link to the About page", () => {
    renderHome()
    const why = byId("why-94")
    expect(within(why).getByRole("heading", { name: "Why 94?" })).toBeInTheDocument()
    expect(within(why).getByText(home.why.text)).toBeInTheDocument()
    expect(within(why).getByRole("link", { name: home.why.linkLabel })).toHaveAttribute("href", "/about/")
  })

  it("ends with the signup section at #join-the-drop: social proof, email field and consent", () => {
    renderHome()
    const signup = byId("join-the-drop")
    expect(within(signup).getByRole("heading", { name: home.signup.heading })).toBeInTheDocument()
    expect(within(signup).getByText("5,000+")).toBeInTheDocument()
    expect(signup).toHaveTextContent("Join 5,000+ people already on the list.")
    expect(signup).not.toHaveTextContent("{count}")
    const form = within(signup).getByRole("form", { name: "Join the Drop" })
    expect(within(form).getByRole("textbox", { name: "Email address" })).toHaveAttribute("type", "email")
    expect(within(form).getByRole("checkbox", { name: /email me about the launch/i })).not.toBeChecked()
    expect(within(form).getByRole("button", { name: "Join the Drop" })).toBeInTheDocument()
  })

  it("announces a drop just above the signup section, linking to the drop page", () => {
    renderHome()
    const note = document.querySelector<HTMLElement>("[data-drop-announcement]")
    expect(note).not.toBeNull()
    expect(note).toHaveTextContent(drops.drops[0].announcement.text)
    expect(within(note as HTMLElement).getByRole("link", { name: home.dropLink })).toHaveAttribute("href", "/drop/")
    expect(precedes(byId("why-94"), note as HTMLElement)).toBe(true)
    expect(precedes(note as HTMLElement, byId("join-the-drop"))).toBe(true)
  })

  it("shows the announced drop's first piece beside the headline, fetched with the page", () => {
    renderHome()
    const hero = screen.getByRole("region", { name: home.hero.headline })
    const picture = within(hero).getByRole("img", { name: drops.drops[0].pieces[0].alt })
    expect(picture).toHaveAttribute("loading", "eager")
    expect(picture).toHaveAttribute("width", "400")
    expect(picture).toHaveAttribute("height", "500")
    expect(within(hero).getByText(drops.drops[0].name)).toBeInTheDocument()
  })

  it("has no drop note and no piece in the hero when no drop is announced", () => {
    const data = homeData()
    const hidden = { drops: data.dropsJson!.drops.map((drop) => ({ ...drop, announcement: { ...drop.announcement, show: false } })) }
    render(<HomePage {...pageProps({ ...data, dropsJson: hidden }, "/")} />)
    expect(document.querySelector("[data-drop-announcement]")).toBeNull()
    expect(screen.queryByRole("link", { name: home.dropLink })).toBeNull()
    expect(within(screen.getByRole("region", { name: home.hero.headline })).queryByRole("img")).toBeNull()
  })

  it("puts the sections in order: hero, reassurances, carousel, explore, why, signup", () => {
    renderHome()
    const sequence = [
      screen.getByRole("region", { name: home.hero.headline }),
      screen.getByRole("list", { name: "Why shop with us" }),
      screen.getByRole("region", { name: home.carousel.label }),
      screen.getByRole("region", { name: "Explore the Vibe" }),
      byId("why-94"),
      byId("join-the-drop"),
    ]
    sequence.slice(1).forEach((element, i) => {
      expect(precedes(sequence[i], element)).toBe(true)
    })
  })
})

describePageHead(
  "Home",
  { Head, data: homeData, pathname: "/" },
  { test: "sets the brand title without repeating the brand", text: "Block 94 | Your Block. Your Drip." },
  {
    test: "describes the organization and the website in JSON-LD",
    types: ["Organization", "WebSite"],
    matches: {
      "@context": "https://schema.org",
      "@graph": [
        { name: site.brand, email: site.emails.general, sameAs: site.social.map(({ url }) => url) },
        { name: site.brand, url: "https://block94.example/" },
      ],
    },
  },
  (renderHead) => {
    it("links the canonical home URL", () => {
      expect(renderHead().querySelector('link[rel="canonical"]')).toHaveAttribute("href", "https://block94.example/")
    })
  },
)
