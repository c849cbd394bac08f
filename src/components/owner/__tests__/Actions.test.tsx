// The owner's actions, each asked first: the opener, the confirm step with the safe answer
// focused (Escape the same as it), then the outcome in the action's status line and the focus
// back where the owner was. A wrong value is said under its field and nothing is sent.
import { render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import ownerPage from "../../../../content/pages/owner.json"
import { makeFormats } from "../../../lib/owner-format"
import type { OwnerCopy } from "../copy"
import { ExportAction, ForgetAction, InviteAction } from "../Actions"

const { seo: _seo, $schema: _schema, ...copy } = ownerPage
const SECRET = "owner-secret-for-the-unit-tests-0123"
const formats = makeFormats("en-GB", "UTC")

const originalFetch = global.fetch
let fetchMock: jest.MockedFunction<typeof fetch>
const answer = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response
const posted = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === "POST").map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) as unknown }))

beforeEach(() => {
  fetchMock = jest.fn() as typeof fetchMock
  global.fetch = fetchMock
})
afterEach(() => {
  global.fetch = originalFetch
})

const props = () => ({ secret: SECRET, copy: copy as OwnerCopy, formats, onProblem: jest.fn(), onChanged: jest.fn() })
const section = (name: string) => screen.getByRole("region", { name })

describe("downloading the list", () => {
  it("asks first; Escape goes back without a request, says so, and gives the focus back to the button", async () => {
    const user = userEvent.setup()
    render(<ExportAction {...props()} />)
    const button = screen.getByRole("button", { name: copy.exportList.button })
    expect(button).toHaveAttribute("aria-expanded", "false")
    await user.click(button)
    expect(button).toHaveAttribute("aria-expanded", "true")
    expect(screen.getByRole("group", { name: copy.exportList.confirmStep.question })).toBeVisible()
    expect(screen.getByRole("button", { name: copy.exportList.confirmStep.cancel })).toHaveFocus()
    await user.keyboard("{Escape}")
    expect(screen.queryByRole("group")).toBeNull()
    expect(within(section(copy.exportList.heading)).getByRole("status")).toHaveTextContent(copy.actions.cancelled)
    expect(button).toHaveFocus()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("says when the download failed, in the problem's words", async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValueOnce(answer(500, { error: "Something went wrong" }))
    render(<ExportAction {...props()} />)
    await user.click(screen.getByRole("button", { name: copy.exportList.button }))
    await user.click(screen.getByRole("button", { name: copy.exportList.confirmStep.confirm }))
    expect(await within(section(copy.exportList.heading)).findByText(copy.exportList.confirmStep.failed)).toHaveAttribute("role", "status")
    expect(screen.getByRole("button", { name: copy.exportList.button })).toHaveFocus()
  })
})

describe("erasing an address", () => {
  it("says what is wrong with an address that is not one, under the field, and asks nothing", async () => {
    const user = userEvent.setup()
    render(<ForgetAction {...props()} />)
    const field = screen.getByRole("textbox", { name: copy.forget.label })
    await user.type(field, "not-an-address{Enter}")
    expect(field).toHaveAttribute("aria-invalid", "true")
    expect(field).toHaveAccessibleDescription(copy.forget.invalid)
    expect(field).toHaveFocus()
    expect(screen.queryByRole("group")).toBeNull()
  })

  it("names the address in the question, erases it once confirmed, and gives the focus back to the field", async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValueOnce(answer(200, { ok: true, found: true }))
    const onChanged = jest.fn()
    render(<ForgetAction {...props()} onChanged={onChanged} />)
    const field = screen.getByRole("textbox", { name: copy.forget.label })
    await user.type(field, " leo@example.com {Enter}")
    expect(screen.getByText("Erase leo@example.com? Their place, referral link and mail go too. This can't be undone.")).toBeVisible()
    await user.click(screen.getByRole("button", { name: copy.forget.confirmStep.confirm }))
    expect(await screen.findByText("Erased leo@example.com from the list.")).toBeVisible()
    expect(posted()).toEqual([{ url: "/api/owner/forget", body: { email: "leo@example.com" } }])
    expect(field).toHaveValue("")
    expect(field).toHaveFocus()
    expect(onChanged).toHaveBeenCalled()
  })
})

describe("inviting the next people", () => {
  it("refuses more than one request may invite, naming the most, and sends nothing", async () => {
    const user = userEvent.setup()
    render(<InviteAction {...props()} />)
    const field = screen.getByRole("spinbutton", { name: copy.invite.label })
    await user.clear(field)
    await user.type(field, "1001{Enter}")
    expect(field).toHaveAccessibleDescription("Enter a whole number from 1 to 1,000.")
    expect(field).toHaveAttribute("max", "1000")
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("lists who is next, then invites exactly as many once confirmed", async () => {
    const user = userEvent.setup()
    const next = [
      { email: "maya.first@example.com", position: 1 },
      { email: "ari.friend@example.com", position: 2 },
    ]
    fetchMock.mockResolvedValueOnce(answer(200, { dryRun: true, invited: next })).mockResolvedValueOnce(answer(200, { dryRun: false, invited: next }))
    render(<InviteAction {...props()} />)
    await user.click(screen.getByRole("button", { name: copy.invite.preview }))
    const list = await screen.findByRole("table", { name: "The next 2 in line" })
    expect(
      within(list)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["PlaceAddress", "1maya.first@example.com", "2ari.friend@example.com"])
    expect(screen.getByRole("button", { name: copy.invite.confirmStep.cancel })).toHaveFocus()
    await user.click(screen.getByRole("button", { name: copy.invite.confirmStep.confirm }))
    expect(await screen.findByText("Invited 2 people.")).toBeVisible()
    expect(posted().map(({ body }) => body)).toEqual([
      { count: 50, dryRun: true },
      { count: 2, dryRun: false },
    ])
    expect(screen.getByRole("spinbutton", { name: copy.invite.label })).toHaveFocus()
  })

  it("says so when no one is waiting, without asking", async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValueOnce(answer(200, { dryRun: true, invited: [] }))
    render(<InviteAction {...props()} />)
    await user.click(screen.getByRole("button", { name: copy.invite.preview }))
    expect(await screen.findByText(copy.invite.nobody)).toBeVisible()
    expect(screen.queryByRole("group")).toBeNull()
  })
})
