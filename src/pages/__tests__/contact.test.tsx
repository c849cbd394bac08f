import { render, screen, within } from "@testing-library/react"
import contact from "../../../content/pages/contact.json"
import { describePageHead, theOneH1 } from "../../../test/page-checks"
import { contactData, pageProps } from "../../../test/page-fixtures"
import ContactPage, { Head } from "../contact"

const renderContact = () => render(<ContactPage {...pageProps(contactData(), "/contact/")} />)

/** Renders the page and returns its section headed `heading`. */
const renderSection = (heading: string): HTMLElement => {
  renderContact()
  return screen.getByRole("region", { name: heading })
}

describe("Contact page", () => {
  it("opens with one h1 and the intro text", () => {
    renderContact()
    expect(theOneH1()).toHaveTextContent("Hit us up")
    expect(screen.getByText(contact.intro.text)).toBeInTheDocument()
  })

  it("lists the general and business addresses as mailto links and the reply time", () => {
    const details = renderSection(contact.details.heading)
    const general = within(details).getByRole("link", { name: "hello@block94.example" })
    const business = within(details).getByRole("link", { name: "business@block94.example" })
    expect(general).toHaveAttribute("href", "mailto:hello@block94.example")
    expect(business).toHaveAttribute("href", "mailto:business@block94.example")
    expect(within(details).getByText(contact.details.generalLabel)).toBeInTheDocument()
    expect(within(details).getByText(contact.details.businessLabel)).toBeInTheDocument()
    expect(within(details).getByText("We reply within 3 business days.")).toBeInTheDocument()
    expect(details).not.toHaveTextContent("{responseTime}")
  })

  it("has the message form with Name, Email, Message and Send Message", () => {
    renderContact()
    const form = screen.getByRole("form", { name: "Send a message" })
    expect(within(form).getByRole("textbox", { name: "Name" })).toBeInTheDocument()
    expect(within(form).getByRole("textbox", { name: "Email" })).toHaveAttribute("type", "email")
    expect(within(form).getByRole("textbox", { name: "Message" }).tagName).toBe("TEXTAREA")
    expect(within(form).getByRole("button", { name: "Send Message" })).toHaveAttribute("type", "submit")
  })

  it("offers a plain mailto link for visitors without an email app", () => {
    const section = renderSection(contact.form.heading)
    const form = within(section).getByRole("form", { name: "Send a message" })
    const fallback = within(section).getByRole("link", { name: "hello@block94.example" })
    expect(fallback).toHaveAttribute("href", "mailto:hello@block94.example")
    expect(form).not.toContainElement(fallback)
    expect(fallback.closest("p")).toHaveTextContent(`${contact.form.fallbackText} hello@block94.example.`)
  })
})

describePageHead("Contact", { Head, data: contactData, pathname: "/contact/" }, "Contact | Block 94", {
  test: "describes the page as a ContactPage in JSON-LD",
  types: ["ContactPage"],
  matches: { "@graph": [{ url: "https://block94.example/contact/" }] },
})
