import { render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { CheckInbox } from "../CheckInbox"
import { withoutBotCheck } from "../../../../test/bot-check-fetch"

type FetchMock = jest.Mock<Promise<Response>, Parameters<typeof fetch>>

const answer = (status: number): Response => ({ ok: status >= 200 && status < 300, status, json: async () => ({}) }) as Response

let fetchMock: FetchMock
beforeEach(() => {
  fetchMock = jest.fn() as FetchMock
  global.fetch = withoutBotCheck(fetchMock)
})

describe("CheckInbox", () => {
  it("says where the link went and that it works for 48 hours (CONFIRM_LINK_HOURS)", () => {
    render(<CheckInbox email="fan@example.com" />)
    expect(screen.getByText(/^We sent a confirmation link to fan@example\.com\. Open it within 48 hours to get your place/)).toBeVisible()
  })

  it("sends the confirmation email again on request, once, and says it is on its way", async () => {
    fetchMock.mockResolvedValue(answer(202))
    const user = userEvent.setup()
    render(<CheckInbox email="fan@example.com" />)
    expect(screen.getByText("Didn't get the email?")).toBeVisible()
    await user.click(screen.getByRole("button", { name: "Send it again" }))
    expect(await screen.findByText(/If fan@example\.com is on the list, a fresh link is on its way/)).toBeVisible()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe("/api/resend")
    expect(init).toMatchObject({ method: "POST", body: JSON.stringify({ email: "fan@example.com" }) })
    // Once asked, the button rests: the service sends at most one an hour anyway.
    expect(screen.getByRole("button", { name: "Send it again" })).toBeDisabled()
  })

  it("says so when the request fails, and lets the visitor try again", async () => {
    fetchMock.mockResolvedValueOnce(answer(429)).mockResolvedValueOnce(answer(202))
    const user = userEvent.setup()
    render(<CheckInbox email="fan@example.com" />)
    await user.click(screen.getByRole("button", { name: "Send it again" }))
    expect(await screen.findByText("We couldn't send it right now. Please try again in a minute.")).toBeVisible()
    await user.click(screen.getByRole("button", { name: "Send it again" }))
    expect(await screen.findByText(/a fresh link is on its way/)).toBeVisible()
  })
})
