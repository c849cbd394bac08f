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

/** The social-proof line above the form (its number is a <strong> of its own). */
const socialProof = () => screen.getByText((_content, element) => element?.tagName === "P" && /^Join .* people\.$/.test(element.textContent ?? ""))

/** The signup section, where the follow-up takes the form's place. */
const followUp = () => {
  const region = document.querySelector("#join-the-drop")
  if (!(region instanceof HTMLElement)) throw new Error("no signup section")
  return region
}

/** The form is gone and its follow-up's heading has the focus. */
const expectFormGaveWayTo = async (heading: string) => {
  const shown = await within(followUp()).findByRole("heading", { name: heading })
  expect(shown).toHaveFocus()
  expect(screen.queryByRole("form", { name: "Join the Drop" })).not.toBeInTheDocument()
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

  it("a confirmed signup gets the success toast, then the form gives way to its place, its pass and its referral link", async () => {
    fetchMock.mockResolvedValue(answer(201, { ok: true, status: "confirmed", ...PLACE }))
    await joinWith("fan@example.com")
    await expectToast("Welcome to Block 94! 🎉", "You'll be the first to know about our launch and exclusive drops.", "status")
    await expectFormGaveWayTo("You're in: each friend moves you up")
    const region = followUp()
    expect(within(region).getByRole("link", { name: "Open my pass" })).toHaveAttribute("href", "/waitlist/#token=QmxvY2s5NC1zdGF0dXMtdG9rZW4tZm9yLXRlc3RzLi4u")
    expect(within(region).getByLabelText("Your referral link")).toHaveValue(PLACE.referralUrl)
    expect(within(region).getByRole("button", { name: "Copy link" })).toBeVisible()
    expect(within(region).getByRole("link", { name: "Share on X" }).getAttribute("href")).toContain(encodeURIComponent(PLACE.referralUrl))
  })

  it.each([
    ["with the list's size", { position: 61, total: 62 }],
    ["without it (a server that leaves it out below the claim)", { position: 61 }],
  ])("while the list is smaller than the claim, keeps the claim and tells the place without a number: an answer %s", async (_case, place) => {
    const { position: _position, total: _total, ...rest } = PLACE
    fetchMock.mockResolvedValue(answer(201, { ok: true, status: "confirmed", ...rest, ...place }))
    await joinWith("fan@example.com")
    await expectFormGaveWayTo("You're in: each friend moves you up")
    expect(socialProof()).toHaveTextContent("Join 5,000+ people.")
    expect(within(followUp()).queryByText(/61|62/)).not.toBeInTheDocument()
  })

  it("once the list has reached the claim, shows its real size in both places", async () => {
    fetchMock.mockResolvedValue(answer(201, { ok: true, status: "confirmed", ...PLACE, position: 5214, total: 5214 }))
    expect(site.showListSizeFrom).toBeLessThanOrEqual(5214)
    await joinWith("fan@example.com")
    await expectFormGaveWayTo("You're #5,214 of 5,214")
    expect(socialProof()).toHaveTextContent("Join 5,214 people.")
  })

  it("a pending signup is asked to check the inbox it typed", async () => {
    fetchMock.mockResolvedValue(answer(201, { ok: true, status: "pending" }))
    await joinWith("Fan@Example.com")
    await expectToast("Welcome to Block 94! 🎉", "You'll be the first to know about our launch and exclusive drops.", "status")
    await expectFormGaveWayTo("Check your inbox")
    expect(within(followUp()).getByText(/We sent a confirmation link to Fan@Example\.com\./)).toBeVisible()
  })

  it.each([
    ["a repeat signup", { ok: true, status: "already_subscribed" }],
    ["an email-list provider", { result: "success" }],
  ])("%s shows the toast alone", async (_case, body) => {
    fetchMock.mockResolvedValue(answer(200, body))
    await joinWith("fan@example.com")
    await expectToast("Welcome to Block 94! 🎉", "You'll be the first to know about our launch and exclusive drops.", "status")
    // Nothing to follow: the form stays, emptied for another signup.
    expect(within(screen.getByRole("form", { name: "Join the Drop" })).getByLabelText("Email address")).toHaveValue("")
  })

  it("a refused address shows the words content gives its refusal's code and keeps what was typed", async () => {
    const reason = "Disposable email addresses can't join the list: please use an address you keep"
    fetchMock.mockResolvedValue(answer(400, { error: "reworded by the server", code: "email_disposable" }))
    const form = await joinWith("bot@mailinator.com")
    await expectToast("Check your email", reason, "alert")
    const email = within(form).getByLabelText("Email address")
    expect(email).toHaveValue("bot@mailinator.com")
    expect(email).toHaveAttribute("aria-invalid", "true")
    expect(within(followUp()).queryByRole("heading", { name: /You're in|Check your inbox/ })).not.toBeInTheDocument()
  })

  it("sends the referral code and campaign the visit came with", async () => {
    window.sessionStorage.setItem("block94-attribution", JSON.stringify({ referralCode: "FRIEND0000", utm: { source: "tiktok" } }))
    fetchMock.mockResolvedValue(answer(201, { ok: true, status: "pending" }))
    await joinWith("fan@example.com")
    await expectToast("Welcome to Block 94! 🎉", "You'll be the first to know about our launch and exclusive drops.", "status")
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toMatchObject({ referralCode: "FRIEND0000", utm: { source: "tiktok" } })
  })
})
