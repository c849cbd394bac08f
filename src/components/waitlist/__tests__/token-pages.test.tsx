import { render, screen } from "@testing-library/react"
import confirmPage from "../../../../content/pages/confirm.json"
import waitlistPage from "../../../../content/pages/waitlist.json"
import { ConfirmSignup } from "../ConfirmSignup"
import { StatusLookup } from "../StatusLookup"

const originalFetch = global.fetch
let fetchMock: jest.MockedFunction<typeof fetch>
const answer = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response
const TOKEN = "QmxvY2s5NC1zdGF0dXMtdG9rZW4tZm9yLXRlc3RzLi4u"

const openWith = (search: string) => window.history.replaceState(null, "", `/page/${search}`)

beforeEach(() => {
  fetchMock = jest.fn() as typeof fetchMock
  global.fetch = fetchMock
})
afterEach(() => {
  global.fetch = originalFetch
  openWith("")
})

describe("the status page", () => {
  it("shows the list's size once it is at least the number the site shows it from", async () => {
    openWith(`?token=${TOKEN}`)
    fetchMock.mockResolvedValue(
      answer(200, { status: "confirmed", position: 12, total: 5012, referrals: 0, referralCode: "ABCD1234EF", referralUrl: "https://block94.example/?ref=ABCD1234EF" }),
    )
    render(<StatusLookup copy={waitlistPage} />)
    expect(await screen.findByText("You're #12 of 5,012")).toBeVisible()
  })

  it("shows the place, the friends brought and the referral link for a valid token", async () => {
    openWith(`?token=${TOKEN}`)
    fetchMock.mockResolvedValue(
      answer(200, { status: "confirmed", position: 2, total: 50, referrals: 1, referralCode: "ABCD1234EF", referralUrl: "https://block94.example/?ref=ABCD1234EF" }),
    )
    render(<StatusLookup copy={waitlistPage} />)
    // 50 is fewer than the signup section's "5,000+": the place is shown without the list's size.
    expect(await screen.findByText("You're #2")).toBeVisible()
    expect(screen.queryByText(/ of 50/)).not.toBeInTheDocument()
    expect(screen.getByText("Friends who joined with your link: 1")).toBeVisible()
    expect(screen.getByLabelText("Your referral link")).toHaveValue("https://block94.example/?ref=ABCD1234EF")
    expect(fetchMock.mock.calls[0][0]).toBe(`/api/waitlist?token=${TOKEN}`)
  })

  it.each([
    ["an unknown token", async () => answer(404, { error: "Unknown status link" }), waitlistPage.notFound],
    ["no answer", async (): Promise<Response> => Promise.reject(new TypeError("Failed to fetch")), waitlistPage.failed],
  ])("explains %s", async (_case, respond, message) => {
    openWith(`?token=${TOKEN}`)
    fetchMock.mockImplementation(respond)
    render(<StatusLookup copy={waitlistPage} />)
    expect(await screen.findByText(message)).toBeVisible()
  })

  it("explains itself when opened without a token, and asks nothing of the server", async () => {
    render(<StatusLookup copy={waitlistPage} />)
    expect(await screen.findByText(waitlistPage.noToken)).toBeVisible()
    expect(screen.getByRole("link", { name: waitlistPage.joinLink })).toHaveAttribute("href", "/#join-the-drop")
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

describe("the confirmation page", () => {
  it("confirms with a POST and shows the new place", async () => {
    openWith(`?token=${TOKEN}`)
    fetchMock.mockResolvedValue(
      answer(200, {
        ok: true,
        status: "confirmed",
        position: 7,
        total: 7,
        referralCode: "ABCD1234EF",
        referralUrl: "https://block94.example/?ref=ABCD1234EF",
        statusUrl: `https://block94.example/waitlist/?token=${TOKEN}`,
      }),
    )
    render(<ConfirmSignup copy={confirmPage} />)
    expect(await screen.findByText(confirmPage.confirmed)).toBeVisible()
    expect(screen.getByText("You're #7")).toBeVisible()
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe("/api/confirm")
    expect(init?.method).toBe("POST")
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN })
  })

  it.each([
    ["an expired or used link", 410, confirmPage.expired],
    ["an unknown link", 404, confirmPage.notFound],
    ["a server failure", 503, confirmPage.failed],
  ])("explains %s", async (_case, status, message) => {
    openWith(`?token=${TOKEN}`)
    fetchMock.mockResolvedValue(answer(status, { error: "no" }))
    render(<ConfirmSignup copy={confirmPage} />)
    expect(await screen.findByText(message)).toBeVisible()
  })
})
