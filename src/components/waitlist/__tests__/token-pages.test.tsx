/** The other pages a token opens: an invitation, a confirmation, an email's unsubscribe link. */
import { render, screen, waitFor } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import confirmPage from "../../../../content/pages/confirm.json"
import invitePage from "../../../../content/pages/invite.json"
import unsubscribePage from "../../../../content/pages/unsubscribe.json"
import { ConfirmSignup } from "../ConfirmSignup"
import { InvitationLookup } from "../InvitationLookup"
import { UnsubscribeByLink } from "../UnsubscribeByLink"
import { withoutBotCheck } from "../../../../test/bot-check-fetch"
import { answer, openWith, stubFetch, TOKEN } from "../../../../test/page-fetch"

const fetchMock = stubFetch()

describe("the invitation page", () => {
  it("checks the code in a POST's body and shows the invitation, its button leading to the shop with the code", async () => {
    openWith(`#code=${TOKEN}`)
    fetchMock.mockResolvedValue(answer(200, { state: "valid" }))
    render(<InvitationLookup copy={invitePage} shopUrl="https://shop.block94.example/" contactEmail="hello@block94.example" />)
    expect(await screen.findByRole("heading", { level: 2, name: invitePage.valid.heading })).toBeVisible()
    expect(screen.getByText(invitePage.valid.text)).toBeVisible()
    expect(screen.getByRole("link", { name: invitePage.valid.button })).toHaveAttribute("href", `https://shop.block94.example/?code=${TOKEN}`)
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe("/api/invite")
    expect(init?.method).toBe("POST")
    expect(JSON.parse(String(init?.body))).toEqual({ code: TOKEN })
  })

  it.each([
    ["a used invitation", async () => answer(200, { state: "redeemed" }), invitePage.redeemed.replace("{email}", "hello@block94.example")],
    ["an unknown code", async () => answer(200, { state: "unknown" }), invitePage.notFound],
    [
      "an expired invitation",
      async () => answer(200, { state: "expired" }),
      invitePage.expired.replace("{inviteDays}", "30").replace("{email}", "hello@block94.example"),
    ],
    ["a server failure", async () => answer(503, { error: "down" }), invitePage.failed],
    ["no answer", async (): Promise<Response> => Promise.reject(new TypeError("Failed to fetch")), invitePage.failed],
  ])("explains %s", async (_case, respond, message) => {
    openWith(`#code=${TOKEN}`)
    fetchMock.mockImplementation(respond)
    render(<InvitationLookup copy={invitePage} shopUrl="https://shop.block94.example/" contactEmail="hello@block94.example" />)
    expect(await screen.findByText(message)).toBeVisible()
    expect(screen.queryByRole("link", { name: invitePage.valid.button })).toBeNull()
  })

  it("shows a drop's winning code with the piece and the drop, and the way to claim it in the shop", async () => {
    openWith(`#code=${TOKEN}`)
    fetchMock.mockResolvedValue(answer(200, { state: "valid", drop: "Drop 01: Block Heavyweight", size: "Block Heavyweight Hoodie, M" }))
    render(<InvitationLookup copy={invitePage} shopUrl="https://shop.block94.example/" contactEmail="hello@block94.example" />)
    expect(await screen.findByRole("heading", { level: 2, name: "Your Block Heavyweight Hoodie, M from Drop 01: Block Heavyweight" })).toBeVisible()
    expect(screen.getByText(invitePage.drop.eyebrow)).toBeVisible()
    expect(screen.getByText(invitePage.drop.text)).toBeVisible()
    expect(screen.getByRole("link", { name: invitePage.drop.button })).toHaveAttribute("href", `https://shop.block94.example/?code=${TOKEN}`)
    expect(screen.queryByText(invitePage.valid.heading)).toBeNull()
  })

  it("says when a drop's winning code passed to the next person on the reserve list, in words of its own", async () => {
    openWith(`#code=${TOKEN}`)
    fetchMock.mockResolvedValue(answer(200, { state: "passed", drop: "Drop 01: Block Heavyweight", size: "Six-Panel Cap, One size" }))
    render(<InvitationLookup copy={invitePage} shopUrl="https://shop.block94.example/" contactEmail="hello@block94.example" />)
    expect(
      await screen.findByText(
        "This code wasn't used in time, so the Six-Panel Cap, One size from Drop 01: Block Heavyweight went to the next person on the reserve list.",
        { exact: false },
      ),
    ).toBeVisible()
    expect(screen.queryByRole("link", { name: invitePage.drop.button })).toBeNull()
  })

  it("says a used winning code was used, as for any invitation", async () => {
    openWith(`#code=${TOKEN}`)
    fetchMock.mockResolvedValue(answer(200, { state: "redeemed", drop: "Drop 01: Block Heavyweight", size: "Six-Panel Cap, One size" }))
    render(<InvitationLookup copy={invitePage} shopUrl="https://shop.block94.example/" contactEmail="hello@block94.example" />)
    expect(await screen.findByText(invitePage.redeemed.replace("{email}", "hello@block94.example"))).toBeVisible()
  })

  it("takes a passed code without its piece for a failed answer", async () => {
    openWith(`#code=${TOKEN}`)
    fetchMock.mockResolvedValue(answer(200, { state: "passed" }))
    render(<InvitationLookup copy={invitePage} shopUrl="https://shop.block94.example/" contactEmail="hello@block94.example" />)
    expect(await screen.findByText(invitePage.failed)).toBeVisible()
  })

  it("explains itself when opened without a code, and asks nothing of the server", async () => {
    render(<InvitationLookup copy={invitePage} shopUrl="https://shop.block94.example/" contactEmail="hello@block94.example" />)
    expect(await screen.findByText(invitePage.noCode)).toBeVisible()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

describe("the confirmation page", () => {
  it("confirms with a POST and shows the new place, a button to the pass and the referral link", async () => {
    openWith(`#token=${TOKEN}`)
    fetchMock.mockResolvedValue(
      answer(200, {
        ok: true,
        status: "confirmed",
        position: 7,
        total: 7,
        referralCode: "ABCD1234EF",
        referralUrl: "https://block94.example/?ref=ABCD1234EF",
        statusUrl: `https://block94.example/waitlist/#token=${TOKEN}`,
      }),
    )
    render(<ConfirmSignup copy={confirmPage} />)
    expect(await screen.findByText(confirmPage.confirmed)).toBeVisible()
    expect(screen.getByRole("heading", { level: 2, name: "You're in: each friend moves you up" })).toBeVisible()
    expect(screen.getByRole("link", { name: "Open my pass" })).toHaveAttribute("href", `/waitlist/#token=${TOKEN}`)
    expect(screen.getByLabelText("Your referral link")).toHaveValue("https://block94.example/?ref=ABCD1234EF")
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe("/api/confirm")
    expect(init?.method).toBe("POST")
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN })
  })

  it.each([
    ["an expired or used link", 410, "confirm_link_expired", confirmPage.expired],
    ["an unknown link", 404, "confirm_link_unknown", confirmPage.notFound],
    ["a server failure", 503, "store_unavailable", confirmPage.failed],
  ])("explains %s", async (_case, status, code, message) => {
    openWith(`#token=${TOKEN}`)
    fetchMock.mockResolvedValue(answer(status, { error: "no", code }))
    render(<ConfirmSignup copy={confirmPage} />)
    expect(await screen.findByText(message)).toBeVisible()
  })
})

describe("the unsubscribe page", () => {
  it("changes nothing when opened; its button POSTs the token, then it says the person has left", async () => {
    const user = userEvent.setup()
    openWith(`#token=${TOKEN}`)
    render(<UnsubscribeByLink copy={unsubscribePage} />)
    expect(screen.getByText(unsubscribePage.question)).toBeVisible()
    const button = screen.getByRole("button", { name: unsubscribePage.button })
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled())
    fetchMock.mockResolvedValueOnce(answer(200, { ok: true, status: "left" }))
    await user.click(button)
    expect(await screen.findByText(unsubscribePage.left)).toHaveFocus()
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe("/api/unsubscribe")
    expect(init?.method).toBe("POST")
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN })
  })

  it.each([
    ["an unknown link", async () => answer(404, { error: "unknown", code: "unsubscribe_link_unknown" }), unsubscribePage.notFound],
    ["a link that is not a token", async () => answer(400, { error: "bad", code: "body_invalid" }), unsubscribePage.notFound],
  ])("explains %s", async (_case, respond, message) => {
    const user = userEvent.setup()
    openWith(`#token=${TOKEN}`)
    fetchMock.mockImplementation(respond)
    render(<UnsubscribeByLink copy={unsubscribePage} />)
    await user.click(screen.getByRole("button", { name: unsubscribePage.button }))
    expect(await screen.findByText(message)).toBeVisible()
  })

  it("offers a fresh status link by email when the email's unsubscribe link has expired (410)", async () => {
    const user = userEvent.setup()
    openWith(`#token=${TOKEN}`)
    global.fetch = withoutBotCheck(fetchMock)
    fetchMock.mockResolvedValueOnce(answer(410, { error: "expired", code: "unsubscribe_link_expired" })).mockResolvedValueOnce(answer(202, { ok: true }))
    render(<UnsubscribeByLink copy={unsubscribePage} />)
    await user.click(screen.getByRole("button", { name: unsubscribePage.button }))
    expect(await screen.findByText(unsubscribePage.expired.text.replace("{unsubscribeLinkDays}", "90"))).toBeVisible()
    await user.type(screen.getByLabelText(unsubscribePage.expired.label), "fan@example.com{Enter}")
    expect(await screen.findByText("If fan@example.com is on the list, a fresh link is on its way. Check your inbox.")).toBeVisible()
    expect(fetchMock).toHaveBeenLastCalledWith("/api/resend", expect.objectContaining({ method: "POST", body: JSON.stringify({ email: "fan@example.com" }) }))
  })

  it("says when it could not reach us, and tries again", async () => {
    const user = userEvent.setup()
    openWith(`#token=${TOKEN}`)
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"))
    render(<UnsubscribeByLink copy={unsubscribePage} />)
    await user.click(screen.getByRole("button", { name: unsubscribePage.button }))
    expect(await screen.findByText(unsubscribePage.failed)).toBeVisible()
    fetchMock.mockResolvedValueOnce(answer(200, { ok: true, status: "left" }))
    await user.click(screen.getByRole("button", { name: unsubscribePage.retry }))
    expect(await screen.findByText(unsubscribePage.left)).toBeVisible()
  })

  it("explains itself when opened without a token", async () => {
    render(<UnsubscribeByLink copy={unsubscribePage} />)
    expect(await screen.findByText(unsubscribePage.noToken)).toBeVisible()
    expect(screen.queryByRole("button", { name: unsubscribePage.button })).toBeNull()
  })
})
