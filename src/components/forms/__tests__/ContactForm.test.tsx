import { act, render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { toast } from "react-toastify"
import { Toasts } from "../../layout/Toasts"
import { ContactForm } from "../ContactForm"
import { expectToast } from "../../../../test/toast-helpers"
import ui from "../../../../content/ui.json"

const words = ui.contactForm.fieldErrors

const TRICKY_MESSAGE = "Hi team,\nQ&A? Order #94 🎉 & more\nПривет 東京"

const renderForm = (openUrl: (url: string) => void = jest.fn()) => {
  render(
    <>
      <ContactForm to="hello@block94.example" responseTime="3 business days" openUrl={openUrl} />
      <Toasts />
    </>,
  )
  expect(document.querySelector(".Toastify__toast")).toBeNull()
  const form = screen.getByRole("form", { name: "Send a message" })
  return {
    name: screen.getByLabelText("Name") as HTMLInputElement,
    email: screen.getByLabelText("Email") as HTMLInputElement,
    message: screen.getByLabelText("Message") as HTMLTextAreaElement,
    submit: within(form).getByRole("button", { name: "Send Message" }),
  }
}

type Typed = Partial<Record<"name" | "email" | "message", string>>

/** Renders the form, types what is given into its fields, and presses Send Message. */
const sendWith = async (typed: Typed, openUrl: (url: string) => void = jest.fn()) => {
  const user = userEvent.setup()
  const form = renderForm(openUrl)
  for (const field of ["name", "email", "message"] as const) {
    const text = typed[field]
    if (text !== undefined) await user.type(form[field], text)
  }
  await user.click(form.submit)
  return { ...form, user }
}

/** Splits a mailto: URL into its address and its decoded header fields. */
const parseMailto = (url: string) => {
  expect(url.startsWith("mailto:")).toBe(true)
  const [address, query = ""] = url.slice("mailto:".length).split("?")
  const fields: Record<string, string> = {}
  for (const part of query.split("&")) {
    const [key, value = ""] = part.split("=")
    fields[key] = decodeURIComponent(value)
  }
  return { address: decodeURIComponent(address), fields, query }
}

describe("ContactForm", () => {
  afterEach(() => {
    act(() => {
      toast.dismiss()
    })
  })

  it("has labelled, required Name, Email and Message fields; the email is of email type", () => {
    const { name, email, message } = renderForm()
    expect(screen.getByRole("textbox", { name: "Name" })).toBe(name)
    expect(screen.getByRole("textbox", { name: "Email" })).toBe(email)
    expect(screen.getByRole("textbox", { name: "Message" })).toBe(message)
    expect(email).toHaveAttribute("type", "email")
    for (const field of [name, email, message]) expect(field).toBeRequired()
  })

  it("an empty submit warns and focuses the name, and opens nothing", async () => {
    const openUrl = jest.fn()
    const { name } = await sendWith({}, openUrl)
    await expectToast("Missing Information", "Please fill in all fields.", "alert")
    expect(name).toHaveFocus()
    expect(name).toHaveAttribute("aria-invalid", "true")
    expect(openUrl).not.toHaveBeenCalled()
  })

  it("says under each empty field what it needs, and a malformed address apart from an empty one", async () => {
    const user = userEvent.setup()
    const { name, email, message, submit } = renderForm()
    await user.click(submit)
    expect(name).toHaveAccessibleDescription(words.nameMissing)
    expect(email).toHaveAccessibleDescription(words.emailMissing)
    expect(message).toHaveAccessibleDescription(words.messageMissing)
    await user.type(name, "Ana")
    await user.type(email, "ana@")
    await user.type(message, "Hello")
    await user.click(submit)
    await expectToast(ui.contactForm.invalidEmail.title, ui.contactForm.invalidEmail.description, "alert")
    expect(email).toHaveAccessibleDescription(words.emailMalformed)
    expect(email).toHaveFocus()
    expect(name).not.toHaveAttribute("aria-invalid")
    expect(message).not.toHaveAccessibleDescription()
  })

  it("focuses the first empty field: the email when only the name is filled", async () => {
    const openUrl = jest.fn()
    const { name, email, message } = await sendWith({ name: "Ana" }, openUrl)
    await expectToast("Missing Information", "Please fill in all fields.", "alert")
    expect(email).toHaveFocus()
    expect(email).toHaveAttribute("aria-invalid", "true")
    expect(name).not.toHaveAttribute("aria-invalid")
    expect(message).toHaveAttribute("aria-invalid", "true")
    expect(openUrl).not.toHaveBeenCalled()
  })

  it("treats a message of only spaces as missing", async () => {
    const openUrl = jest.fn()
    const { message } = await sendWith({ name: "Ana", email: "ana@example.com", message: "   " }, openUrl)
    await expectToast("Missing Information", "Please fill in all fields.", "alert")
    expect(message).toHaveFocus()
    expect(openUrl).not.toHaveBeenCalled()
  })

  it("opens a mailto: link to the team with the subject and the whole message intact, then thanks and clears", async () => {
    const openUrl = jest.fn()
    const { name, email, message, submit } = await sendWith({ name: "Ana Ström", email: "ana@example.com", message: TRICKY_MESSAGE }, openUrl)

    await waitFor(() => expect(openUrl).toHaveBeenCalledTimes(1))
    const url = String(openUrl.mock.calls[0][0])
    const { address, fields, query } = parseMailto(url)
    expect(address).toBe("hello@block94.example")
    expect(Object.keys(fields).sort()).toEqual(["body", "subject"])
    // Nothing in the text may break the URL apart.
    expect(query).not.toMatch(/[\s#]/)
    expect(fields.subject).toBe("Contact from Ana Ström")
    const body = fields.body.replace(/\r\n/g, "\n")
    expect(body).toContain("Ana Ström")
    expect(body).toContain("ana@example.com")
    expect(body).toContain(TRICKY_MESSAGE)

    await expectToast("Message Sent! 📧", "We'll reply within 3 business days. Thanks for reaching out!", "status")
    expect(name).toHaveValue("")
    expect(email).toHaveValue("")
    expect(message).toHaveValue("")
    expect(submit).toBeEnabled()
  })

  it("reads Sending... on a disabled button while the mail client takes the message, and sends once", async () => {
    const openUrl = jest.fn()
    const { user } = await sendWith({ name: "Ana", email: "ana@example.com", message: "Hello there" }, openUrl)
    const sending = await screen.findByRole("button", { name: "Sending..." })
    expect(sending).toBeDisabled()
    await user.keyboard("{Enter}")
    await expectToast("Message Sent! 📧", "We'll reply within 3 business days. Thanks for reaching out!", "status")
    expect(openUrl).toHaveBeenCalledTimes(1)
    expect(screen.getByRole("button", { name: "Send Message" })).toBeEnabled()
  })

  it("when the mail client cannot be opened, it says so and keeps what was typed", async () => {
    const openUrl = jest.fn(() => {
      throw new Error("blocked")
    })
    const { name, email, message, submit } = await sendWith({ name: "Ana", email: "ana@example.com", message: "Hello there" }, openUrl)
    await expectToast("Something went wrong", "Please try again or email us directly.", "alert")
    expect(openUrl).toHaveBeenCalledTimes(1)
    expect(name).toHaveValue("Ana")
    expect(email).toHaveValue("ana@example.com")
    expect(message).toHaveValue("Hello there")
    expect(screen.queryByText("Message Sent! 📧")).not.toBeInTheDocument()
    expect(submit).toBeEnabled()
  })
})
