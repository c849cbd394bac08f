import { act, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { toast } from "react-toastify"
import { expectToast } from "../../../../test/toast-helpers"
import { Toasts } from "../../layout/Toasts"
import site from "../../../../content/site.json"
import { SignupSection } from "../SignupSection"
import { withoutBotCheck } from "../../../../test/bot-check-fetch"

const originalFetch = global.fetch
let fetchMock: jest.MockedFunction<typeof fetch>

/** What fetch resolves with (jsdom has no Response): the status and a JSON body. */
const answer = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response

const PLACE = {
  position: 3,
  total: 1204,
  referralCode: "ABCD1234EF",
  referralUrl: "https://block94.example/?ref=ABCD1234EF",
  statusUrl: "https://block94.example/waitlist/#token=QmxvY2s5NC1zdGF0dXMtdG9rZW4tZm9yLXRlc3RzLi4u",
}

const joinWith = async (email: string) => {
  render(
    <>
      <SignupSection heading="Join the Drop" text="Early access." socialProof="Join {count} people." />
      <Toasts />
    </>,
  )
  const user = userEvent.setup()
  const form = screen.getByRole("form", { name: "Join the Drop" })
  await user.type(within(form).getByLabelText("Email address"), email)
  await user.click(within(form).getByRole("checkbox"))
  await user.click(within(form).getByRole("button", { name: "Join the Drop" }))
  return form
}

/** The live region under the form, where the follow-up appears. */
/** The social-proof line above the form (its number is a <strong> of its own). */
const socialProof = () => screen.getByText((_content, element) => element?.tagName === "P" && /^Join .* people\.$/.test(element.textContent ?? ""))

const followUp = () => {
  const region = document.querySelector("#join-the-drop [aria-live='polite']")
  if (!(region instanceof HTMLElement)) throw new Error("no live region in the signup section")
  return region
}

describe("after a signup", () => {
  beforeEach(() => {
    fetchMock = jest.fn() as typeof fetchMock
    global.fetch = withoutBotCheck(fetchMock)
    window.sessionStorage.clear()
  })
  afterEach(() => {
    act(() => {
      toast.dismiss()
    })
    global.fetch = originalFetch
  })

  it("a confirmed signup gets the success toast, then its place and referral link in the live region", async () => {
    fetchMock.mockResolvedValue(answer(201, { ok: true, status: "confirmed", ...PLACE }))
    await joinWith("fan@example.com")
    await expectToast("Welcome to Block 94! 🎉", "You'll be the first to know about our launch and exclusive drops.", "status")
    const region = followUp()
    expect(await within(region).findByText("You're #3")).toBeVisible()
    expect(within(region).getByLabelText("Your referral link")).toHaveValue(PLACE.referralUrl)
    expect(within(region).getByRole("button", { name: "Copy link" })).toBeVisible()
    expect(within(region).getByRole("link", { name: "Share on X" }).getAttribute("href")).toContain(encodeURIComponent(PLACE.referralUrl))
    expect(within(region).getByRole("link", { name: "your status page" })).toHaveAttribute("href", PLACE.statusUrl)
  })

  it("while the list is smaller than the claim, keeps the claim and leaves the list's size out of the place", async () => {
    fetchMock.mockResolvedValue(answer(201, { ok: true, status: "confirmed", ...PLACE, position: 2, total: 2 }))
    await joinWith("fan@example.com")
    expect(await within(followUp()).findByText("You're #2")).toBeVisible()
    expect(socialProof()).toHaveTextContent("Join 5,000+ people.")
    expect(within(followUp()).queryByText(/ of 2/)).not.toBeInTheDocument()
  })

  it("once the list has reached the claim, shows its real size in both places", async () => {
    fetchMock.mockResolvedValue(answer(201, { ok: true, status: "confirmed", ...PLACE, position: 5214, total: 5214 }))
    expect(site.showListSizeFrom).toBeLessThanOrEqual(5214)
    await joinWith("fan@example.com")
    expect(await within(followUp()).findByText("You're #5,214 of 5,214")).toBeVisible()
    expect(socialProof()).toHaveTextContent("Join 5,214 people.")
  })

  it("a pending signup is asked to check the inbox it typed", async () => {
    fetchMock.mockResolvedValue(answer(201, { ok: true, status: "pending" }))
    await joinWith("Fan@Example.com")
    await expectToast("Welcome to Block 94! 🎉", "You'll be the first to know about our launch and exclusive drops.", "status")
    expect(await within(followUp()).findByText("Check your inbox")).toBeVisible()
    expect(within(followUp()).getByText(/We sent a confirmation link to Fan@Example\.com\./)).toBeVisible()
  })

  it.each([
    ["a repeat signup", { ok: true, status: "already_subscribed" }],
    ["an email-list provider", { result: "success" }],
  ])("%s shows the toast alone", async (_case, body) => {
    fetchMock.mockResolvedValue(answer(200, body))
    await joinWith("fan@example.com")
    await expectToast("Welcome to Block 94! 🎉", "You'll be the first to know about our launch and exclusive drops.", "status")
    expect(followUp()).toBeEmptyDOMElement()
  })

  it("a refused address shows the endpoint's reason and keeps what was typed", async () => {
    const reason = "Disposable email addresses can't join the list: please use an address you keep"
    fetchMock.mockResolvedValue(answer(400, { error: reason }))
    const form = await joinWith("bot@mailinator.com")
    await expectToast("Check your email", reason, "alert")
    const email = within(form).getByLabelText("Email address")
    expect(email).toHaveValue("bot@mailinator.com")
    expect(email).toHaveAttribute("aria-invalid", "true")
    expect(followUp()).toBeEmptyDOMElement()
  })

  it("sends the referral code and campaign the visit came with", async () => {
    window.sessionStorage.setItem("block94-attribution", JSON.stringify({ referralCode: "FRIEND0000", utm: { source: "tiktok" } }))
    fetchMock.mockResolvedValue(answer(201, { ok: true, status: "pending" }))
    await joinWith("fan@example.com")
    await expectToast("Welcome to Block 94! 🎉", "You'll be the first to know about our launch and exclusive drops.", "status")
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toMatchObject({ referralCode: "FRIEND0000", utm: { source: "tiktok" } })
  })
})
