/** The status page (the pass): looking a signup up by its link, an invitation, rewards and the leaderboard, leaving the list. */
import { render, screen, waitFor, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import waitlistPage from "../../../../content/pages/waitlist.json"
import rewards from "../../../../content/rewards.json"
import { StatusLookup } from "../StatusLookup"
import { withoutBotCheck } from "../../../../test/bot-check-fetch"
import { answer, confirmedStatus, openWith, stubFetch, TOKEN } from "../../../../test/page-fetch"

const fetchMock = stubFetch()

/** Opens the status page from its link, every lookup answered `status` with `body`. */
const openByLink = (body: unknown, status = 200) => {
  openWith(`#token=${TOKEN}`)
  fetchMock.mockResolvedValue(answer(status, body))
  render(<StatusLookup copy={waitlistPage} tiers={rewards.tiers} />)
}

describe("the status page", () => {
  it("shows the list's size once it is at least the number the site shows it from", async () => {
    openByLink(confirmedStatus({ position: 12, total: 5012, referrals: 0 }))
    // The place first: it is the page's heading.
    expect(await screen.findByRole("heading", { level: 1, name: "You're #12 of 5,012" })).toBeVisible()
  })

  it("shows the place, the friends brought and the referral link for a valid token", async () => {
    // A list smaller than the signup section's "5,000+": the server leaves its size out.
    openByLink(confirmedStatus({ position: 2, referrals: 1 }))
    // The place is told without a number.
    expect(await screen.findByRole("heading", { level: 1, name: "You're in: each friend moves you up" })).toBeVisible()
    expect(screen.queryByText(/#2/)).not.toBeInTheDocument()
    expect(screen.getByText("Friends who joined with your link: 1")).toBeVisible()
    // The privacy note is small print after the place, not before it.
    const place = screen.getByRole("heading", { level: 1 })
    expect(place.compareDocumentPosition(screen.getByText(waitlistPage.intro)) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByLabelText("Your referral link")).toHaveValue("https://block94.example/?ref=ABCD1234EF")
    // The token goes in the body: an address would put it in access logs.
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe("/api/waitlist")
    expect(init?.method).toBe("POST")
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN })
    // The fragment stays in the address bar, so a bookmark of the page works in a new tab.
    expect(window.location.hash).toBe(`#token=${TOKEN}`)
  })

  it("tells a referrer the friends waiting for review as waiting, and reads an answer without the list's size", async () => {
    openByLink({ ...confirmedStatus({ position: 7, referrals: 0 }), waiting: 18, referralUrl: "https://block94.example/friend/?ref=ABCD1234EF" })
    expect(await screen.findByRole("heading", { level: 1, name: "You're in: each friend moves you up" })).toBeVisible()
    expect(screen.getByText("Friends who joined with your link: 0")).toBeVisible()
    expect(screen.getByText("18 more joined with your link and wait for a quick check by our team.")).toBeVisible()
  })

  it("still opens from an old email's ?token= link, moving the token into the fragment at once", async () => {
    openWith(`?utm_source=email&token=${TOKEN}`)
    fetchMock.mockResolvedValue(answer(404, { error: "Unknown status link", code: "status_link_unknown" }))
    render(<StatusLookup copy={waitlistPage} tiers={rewards.tiers} />)
    expect(await screen.findByText(waitlistPage.notFound)).toBeVisible()
    expect(screen.getByRole("heading", { level: 1, name: waitlistPage.badLink.heading })).toBeVisible()
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ token: TOKEN })
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(`/page/?utm_source=email#token=${TOKEN}`)
  })

  it("looks up the new token when another link is opened in the same tab (only the fragment changes)", async () => {
    openByLink({ error: "Unknown status link", code: "status_link_unknown" }, 404)
    expect(await screen.findByText(waitlistPage.notFound)).toBeVisible()
    window.location.hash = "#token=another-token"
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    expect(JSON.parse(String(fetchMock.mock.calls[1][1]?.body))).toEqual({ token: "another-token" })
  })

  it.each([
    ["an unknown token", async () => answer(404, { error: "Unknown status link", code: "status_link_unknown" }), waitlistPage.notFound],
    ["no answer", async (): Promise<Response> => Promise.reject(new TypeError("Failed to fetch")), waitlistPage.failed],
  ])("explains %s", async (_case, respond, message) => {
    openWith(`#token=${TOKEN}`)
    fetchMock.mockImplementation(respond)
    render(<StatusLookup copy={waitlistPage} tiers={rewards.tiers} />)
    expect(await screen.findByText(message)).toBeVisible()
  })

  it("offers a fresh link by email when the link has expired (410), checks the address, and says the same whoever asks", async () => {
    openWith(`#token=${TOKEN}`)
    global.fetch = withoutBotCheck(fetchMock)
    fetchMock
      .mockResolvedValueOnce(answer(410, { error: "This status link has expired: ask for a fresh one by email", code: "status_link_expired" }))
      .mockResolvedValueOnce(answer(202, { ok: true }))
    const user = userEvent.setup()
    render(<StatusLookup copy={waitlistPage} tiers={rewards.tiers} />)
    expect(await screen.findByText(waitlistPage.expired.text.replace("{statusLinkDays}", "30"))).toBeVisible()
    const field = screen.getByLabelText(waitlistPage.expired.label)
    await user.type(field, "not-an-address")
    await user.click(screen.getByRole("button", { name: waitlistPage.expired.button }))
    expect(screen.getByText(waitlistPage.expired.invalid)).toBeVisible()
    expect(field).toHaveFocus()
    expect(field).toHaveValue("not-an-address")
    await user.clear(field)
    await user.type(field, "fan@example.com{Enter}")
    expect(await screen.findByText("If fan@example.com is on the list, a fresh link is on its way. Check your inbox.")).toBeVisible()
    expect(fetchMock).toHaveBeenLastCalledWith("/api/resend", expect.objectContaining({ method: "POST", body: JSON.stringify({ email: "fan@example.com" }) }))
  })

  it("says plainly that an unknown link did not work and emails the person their link from there, the same answer whoever asks", async () => {
    openWith(`#token=${TOKEN}`)
    global.fetch = withoutBotCheck(fetchMock)
    fetchMock.mockResolvedValueOnce(answer(404, { error: "Unknown status link", code: "status_link_unknown" })).mockResolvedValueOnce(answer(202, { ok: true }))
    const user = userEvent.setup()
    render(<StatusLookup copy={waitlistPage} tiers={rewards.tiers} />)
    expect(await screen.findByRole("heading", { level: 1, name: "That link didn't work" })).toBeVisible()
    await user.type(screen.getByLabelText(waitlistPage.expired.label), "fan@example.com")
    await user.click(screen.getByRole("button", { name: "Email me my link" }))
    expect(await screen.findByText("If fan@example.com is on the list, a fresh link is on its way. Check your inbox.")).toBeVisible()
    expect(fetchMock).toHaveBeenLastCalledWith("/api/resend", expect.objectContaining({ method: "POST", body: JSON.stringify({ email: "fan@example.com" }) }))
    expect(screen.getByRole("link", { name: waitlistPage.joinLink })).toHaveAttribute("href", "/#join-the-drop")
  })

  it("explains itself when opened without a token, offers to email the link, and asks nothing of the server until asked", async () => {
    render(<StatusLookup copy={waitlistPage} tiers={rewards.tiers} />)
    expect(await screen.findByText(waitlistPage.noToken)).toBeVisible()
    expect(screen.getByRole("button", { name: "Email me my link" })).toBeVisible()
    expect(screen.getByRole("link", { name: waitlistPage.joinLink })).toHaveAttribute("href", "/#join-the-drop")
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

describe("the status page of someone invited", () => {
  const STATUS = confirmedStatus({ position: 3, total: 50, referrals: 0 })

  it("says they're invited, and keeps their place", async () => {
    openByLink({ ...STATUS, invited: true, redeemed: false })
    expect(await screen.findByRole("heading", { level: 2, name: waitlistPage.invited.heading })).toBeVisible()
    expect(screen.getByText(waitlistPage.invited.text)).toBeVisible()
    expect(screen.getByText("You're in: each friend moves you up")).toBeVisible()
  })

  it("says when the invitation was used, and says nothing of invitations to anyone else", async () => {
    openWith(`#token=${TOKEN}`)
    fetchMock.mockResolvedValueOnce(answer(200, { ...STATUS, invited: true, redeemed: true }))
    const { unmount } = render(<StatusLookup copy={waitlistPage} tiers={rewards.tiers} />)
    expect(await screen.findByText(waitlistPage.invited.redeemed)).toBeVisible()
    unmount()
    fetchMock.mockResolvedValueOnce(answer(200, STATUS))
    render(<StatusLookup copy={waitlistPage} tiers={rewards.tiers} />)
    expect(await screen.findByText("You're in: each friend moves you up")).toBeVisible()
    expect(screen.queryByText(waitlistPage.invited.heading)).toBeNull()
  })
})

describe("rewards and the leaderboard on the status page", () => {
  const open = async (status: Record<string, unknown>) => {
    openByLink({ ...confirmedStatus({ position: 2, total: 50 }), ...status })
    return screen.findByRole("region", { name: waitlistPage.rewards.heading })
  }

  it("shows the tiers reached and the progress to the next, as a labelled progress bar", async () => {
    const region = await open({ referrals: 2, milestone: 1 })
    const bar = within(region).getByRole("progressbar", { name: "2 of 3 friends for A sticker pack" })
    expect(bar).toHaveAttribute("aria-valuenow", "2")
    expect(bar).toHaveAttribute("aria-valuemax", "3")
    const tiers = within(region).getAllByRole("listitem")
    expect(tiers.map((tier) => tier.textContent)).toEqual([
      expect.stringContaining("1 friend · Unlocked"),
      expect.not.stringContaining("Unlocked"),
      expect.not.stringContaining("Unlocked"),
    ])
  })

  it("keeps a reward announced when a friend has left since, and counts the friends there are now", async () => {
    const region = await open({ referrals: 2, milestone: 3 })
    expect(within(region).getByRole("progressbar", { name: "2 of 10 friends for A free tee" })).toBeVisible()
    expect(within(region).getAllByText(/Unlocked/)).toHaveLength(2)
  })

  it("says so once every reward is unlocked", async () => {
    const region = await open({ referrals: 12, milestone: 10 })
    expect(within(region).queryByRole("progressbar")).not.toBeInTheDocument()
    expect(within(region).getByText(waitlistPage.rewards.allReached)).toBeVisible()
  })

  it("shows the masked leaderboard when the answer has one, the reader's row marked", async () => {
    await open({
      referrals: 4,
      milestone: 3,
      leaderboard: [
        { name: "s***@e***.com", referrals: 9, you: false },
        { name: "j***@g***.com", referrals: 4, you: true },
      ],
    })
    const board = screen.getByRole("table", { name: waitlistPage.leaderboard.heading })
    const rows = within(board)
      .getAllByRole("row")
      .map((row) => row.textContent)
    expect(rows).toEqual(["PlaceWhoFriends", "1s***@e***.com9", "2j***@g***.comYou4"])
    expect(screen.getByText("The ten people who brought the most friends, from 3 friends up. Addresses are masked.")).toBeVisible()
  })

  it("says who it waits for while the leaderboard is empty, with the server's minimum of friends", async () => {
    await open({ referrals: 1, milestone: 1, leaderboard: [] })
    expect(screen.getByText("No one has brought 3 friends yet. Share your link and be the first up here.")).toBeVisible()
  })

  it("shows no leaderboard when the answer has none (switched off)", async () => {
    await open({ referrals: 0, milestone: 0 })
    expect(screen.queryByRole("region", { name: waitlistPage.leaderboard.heading })).not.toBeInTheDocument()
  })
})

describe("leaving the list on the status page", () => {
  const STATUS = confirmedStatus({ position: 2, total: 50, referrals: 0 })
  const { leave } = waitlistPage
  const openStatusPage = async (status: Record<string, unknown> = STATUS) => {
    openWith(`#token=${TOKEN}`)
    fetchMock.mockResolvedValueOnce(answer(200, status))
    render(<StatusLookup copy={waitlistPage} tiers={rewards.tiers} />)
    return screen.findByRole("button", { name: leave.button })
  }
  const leaveCalls = () => fetchMock.mock.calls.filter(([url]) => url === "/api/leave")

  it("asks first, with focus on keeping the place; Keep my place and Escape close the question without sending anything", async () => {
    const user = userEvent.setup()
    const ask = await openStatusPage()
    expect(screen.getByRole("heading", { level: 2, name: leave.heading })).toBeVisible()
    expect(ask).toHaveAttribute("aria-expanded", "false")
    expect(screen.queryByRole("group", { name: leave.question })).toBeNull()

    await user.click(ask)
    const question = screen.getByRole("group", { name: leave.question })
    expect(ask).toHaveAttribute("aria-expanded", "true")
    expect(ask).toHaveAttribute("aria-controls", question.id)
    expect(screen.getByRole("button", { name: leave.cancel })).toHaveFocus()
    await user.click(screen.getByRole("button", { name: leave.cancel }))
    expect(screen.queryByRole("group", { name: leave.question })).toBeNull()
    expect(ask).toHaveFocus()

    await user.keyboard("{Enter}")
    expect(screen.getByRole("button", { name: leave.cancel })).toHaveFocus()
    await user.keyboard("{Escape}")
    expect(screen.queryByRole("group", { name: leave.question })).toBeNull()
    expect(ask).toHaveFocus()
    expect(leaveCalls()).toEqual([])
  })

  it("leaves with a POST of the status token, then says so, with focus on the message", async () => {
    const user = userEvent.setup()
    await user.click(await openStatusPage())
    fetchMock.mockResolvedValueOnce(answer(200, { ok: true, status: "left" }))
    await user.click(screen.getByRole("button", { name: leave.confirm }))
    const left = await screen.findByText(leave.left)
    expect(left).toHaveFocus()
    expect(screen.queryByText("You're in: each friend moves you up")).toBeNull()
    expect(leaveCalls()).toHaveLength(1)
    const [, init] = leaveCalls()[0]
    expect(init?.method).toBe("POST")
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN })
  })

  it("offers it to a signup that is not confirmed yet too", async () => {
    await openStatusPage({ ...STATUS, status: "pending", position: null })
    expect(screen.getByText(waitlistPage.pending)).toBeVisible()
    expect(screen.getByRole("button", { name: leave.button })).toBeVisible()
  })

  it("says when leaving did not work, keeps the question open and tries again", async () => {
    const user = userEvent.setup()
    await user.click(await openStatusPage())
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"))
    await user.click(screen.getByRole("button", { name: leave.confirm }))
    expect(await screen.findByText(leave.failed)).toBeVisible()
    fetchMock.mockResolvedValueOnce(answer(200, { ok: true, status: "left" }))
    await user.click(screen.getByRole("button", { name: leave.confirm }))
    expect(await screen.findByText(leave.left)).toBeVisible()
    expect(leaveCalls()).toHaveLength(2)
  })
})
