import { act, fireEvent, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { toast } from "react-toastify"
import { Toasts } from "../../layout/Toasts"
import ui from "../../../../content/ui.json"
import drops from "../../../../content/drops.json"
import { consentVersion } from "../../../signup/rules"
import { SignupForm } from "../SignupForm"
import { expectToast } from "../../../../test/toast-helpers"
import { withoutBotCheck } from "../../../../test/bot-check-fetch"

type FetchMock = jest.MockedFunction<typeof fetch>

const originalFetch = global.fetch
let fetchMock: FetchMock

const response = (status: number): Response => ({ ok: status >= 200 && status < 300, status }) as Response

const renderForm = () => {
  const utils = render(
    <>
      <SignupForm brand="Block 94" contactEmail="hello@block94.example" />
      <Toasts />
    </>,
  )
  const form = screen.getByRole("form", { name: "Join the Drop" })
  // No toast left over from an earlier test can satisfy this one's checks.
  expect(document.querySelector(".Toastify__toast")).toBeNull()
  return {
    ...utils,
    form,
    email: screen.getByRole("textbox", { name: "Email address" }) as HTMLInputElement,
    consent: screen.getByRole("checkbox") as HTMLInputElement,
    submit: within(form).getByRole("button", { name: "Join the Drop" }),
  }
}

const deferred = () => {
  let resolve: (value: Response) => void = () => undefined
  const promise = new Promise<Response>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

describe("SignupForm", () => {
  beforeEach(() => {
    delete process.env.GATSBY_SIGNUP_ENDPOINT
    fetchMock = jest.fn() as FetchMock
    global.fetch = withoutBotCheck(fetchMock)
  })
  afterEach(() => {
    act(() => {
      toast.dismiss()
    })
    global.fetch = originalFetch
  })

  it("states the minimum age of content/drops.json in the consent wording", () => {
    const { consent } = renderForm()
    expect(consent).toHaveAccessibleName(new RegExp(`^Yes, I'm ${drops.minimumAge} or older: email me`))
  })

  it("has an email input of email type and a consent checkbox, both required", () => {
    const { email, consent } = renderForm()
    expect(email).toHaveAttribute("type", "email")
    expect(email).toBeRequired()
    expect(consent).toBeRequired()
    expect(consent).not.toBeChecked()
  })

  const words = ui.signupForm.fieldErrors
  const consentWords = words.consentMissing.replace("{minimumAge}", String(drops.minimumAge))

  it("an empty submit warns, says under each field what it needs, focuses the email, and sends nothing", async () => {
    const user = userEvent.setup()
    const { email, consent, submit } = renderForm()
    await user.click(submit)
    await expectToast("Missing Information", "Please enter your email and agree to receive updates.", "alert")
    expect(email).toHaveAttribute("aria-invalid", "true")
    expect(email).toHaveAccessibleDescription(words.emailMissing)
    expect(consent).toHaveAttribute("aria-invalid", "true")
    expect(consent).toHaveAccessibleDescription(consentWords)
    expect(email).toHaveFocus()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("shows one toast however often an empty form is sent, and one message per field", async () => {
    const user = userEvent.setup()
    const { submit } = renderForm()
    for (let press = 0; press < 3; press += 1) await user.click(submit)
    await expectToast("Missing Information", "Please enter your email and agree to receive updates.", "alert")
    // react-toastify shows an update a moment later: give it the time a repeated toast would take.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)))
    expect(document.querySelectorAll(".Toastify__toast")).toHaveLength(1)
    expect(screen.getAllByText(words.emailMissing)).toHaveLength(1)
  })

  it("takes a field's message away once the visitor changes that field", async () => {
    const user = userEvent.setup()
    const { email, consent, submit } = renderForm()
    await user.click(submit)
    await user.type(email, "f")
    expect(email).not.toHaveAttribute("aria-invalid")
    expect(email).not.toHaveAccessibleDescription()
    expect(screen.queryByText(words.emailMissing)).toBeNull()
    expect(consent).toHaveAccessibleDescription(consentWords)
  })

  it("an email without consent warns and focuses the consent checkbox", async () => {
    const user = userEvent.setup()
    const { email, consent, submit } = renderForm()
    await user.type(email, "fan@example.com")
    await user.click(submit)
    await expectToast("Missing Information", "Please enter your email and agree to receive updates.", "alert")
    expect(consent).toHaveFocus()
    expect(consent).toHaveAttribute("aria-invalid", "true")
    expect(consent).toHaveAccessibleDescription(consentWords)
    expect(email).not.toHaveAttribute("aria-invalid")
    expect(email).not.toHaveAccessibleDescription()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("a malformed email with consent shows an error toast and sends nothing", async () => {
    const user = userEvent.setup()
    const { email, consent, submit } = renderForm()
    await user.type(email, "not-an-email")
    await user.click(consent)
    await user.click(submit)
    await expectToast(ui.signupForm.invalidEmail.title, ui.signupForm.invalidEmail.description, "alert")
    expect(email).toHaveAttribute("aria-invalid", "true")
    expect(email).toHaveAccessibleDescription(words.emailMalformed)
    expect(consent).not.toHaveAttribute("aria-invalid")
    expect(email).toHaveFocus()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("sends a valid signup once as JSON, shows Joining... while pending, then welcomes and clears the form", async () => {
    const user = userEvent.setup()
    const pending = deferred()
    fetchMock.mockReturnValue(pending.promise)
    const { email, consent, submit, form } = renderForm()
    await user.type(email, "fan@example.com")
    await user.click(consent)
    await user.click(submit)

    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe("/api/signup")
    expect(init?.method).toBe("POST")
    const body = JSON.parse(String(init?.body)) as { email: string; source: string; timestamp: string; consent: string }
    expect(body.email).toBe("fan@example.com")
    // The consent on record: which wording of the box the visitor ticked, the minimum age as they read it.
    expect(body.consent).toBe(consentVersion(ui.signupForm.consent.replace("{minimumAge}", String(drops.minimumAge))))
    expect(body.consent).toMatch(/^ui-[0-9a-f]{8}$/)
    expect(body.source).toBe("website_signup")
    expect(new Date(body.timestamp).toISOString()).toBe(body.timestamp)
    expect(Math.abs(Date.now() - Date.parse(body.timestamp))).toBeLessThan(60_000)

    // While the request is pending.
    expect(submit).toBeDisabled()
    expect(submit).toHaveTextContent("Joining...")
    fireEvent.submit(form)
    await user.click(submit)
    expect(fetchMock).toHaveBeenCalledTimes(1)

    await act(async () => {
      pending.resolve(response(201))
    })
    await expectToast("Welcome to Block 94! 🎉", "You'll be the first to know about our launch and exclusive drops.", "status")
    expect(email).toHaveValue("")
    expect(consent).not.toBeChecked()
    expect(submit).toBeEnabled()
    expect(submit).toHaveTextContent("Join the Drop")
  })

  it("sends once when the form is submitted twice before the sending code has loaded", async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValue(response(201))
    const { email, consent, form } = renderForm()
    await user.type(email, "fan@example.com")
    await user.click(consent)
    // Both presses land in the same task: the second finds the first still loading what it sends with.
    act(() => {
      fireEvent.submit(form)
      fireEvent.submit(form)
    })
    await expectToast("Welcome to Block 94! 🎉", "You'll be the first to know about our launch and exclusive drops.", "status")
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it.each([
    ["the server answers 500", () => fetchMock.mockResolvedValue(response(500))],
    ["the request fails", () => fetchMock.mockRejectedValue(new TypeError("Failed to fetch"))],
  ])("when %s, it says so and keeps what was typed", async (_situation, arrange) => {
    arrange()
    const user = userEvent.setup()
    const { email, consent, submit } = renderForm()
    await user.type(email, "fan@example.com")
    await user.click(consent)
    await user.click(submit)
    await expectToast("Something went wrong", "Please try again or email us directly at hello@block94.example", "alert")
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(email).toHaveValue("fan@example.com")
    expect(consent).toBeChecked()
    expect(submit).toBeEnabled()
    expect(screen.queryByText("Welcome to Block 94! 🎉")).not.toBeInTheDocument()
  })

  it("sends a filled honeypot along, so the endpoint can tell a bot", async () => {
    // The endpoint answers a bot as if it had joined (and stores nothing).
    fetchMock.mockResolvedValue(response(200))
    const user = userEvent.setup()
    const { container, email, consent, submit } = renderForm()
    const trap = container.querySelector<HTMLInputElement>('input[name="company"]')
    expect(trap).not.toBeNull()
    fireEvent.change(trap as HTMLInputElement, { target: { value: "Spam Corp" } })
    await user.type(email, "bot@example.com")
    await user.click(consent)
    await user.click(submit)
    await expectToast("Welcome to Block 94! 🎉", "You'll be the first to know about our launch and exclusive drops.", "status")
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toMatchObject({ email: "bot@example.com", company: "Spam Corp" })
  })
})
