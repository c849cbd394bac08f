// Held referrals by who referred them: each referrer's held friends released or rejected at once,
// from the keyboard, with one call naming all of them, and the outcome said in the status line.
import { render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import ownerPage from "../../../../content/pages/owner.json"
import { makeFormats } from "../../../lib/owner-format"
import type { HeldReferral } from "../../../signup/owner-summary"
import type { OwnerCopy } from "../copy"
import { groupByReferrer } from "../HeldGroups"
import { HeldReferrals } from "../Review"

const { seo: _seo, $schema: _schema, ...copy } = ownerPage
const SECRET = "owner-secret-for-the-unit-tests-0123"

const held = (id: number, email: string, referrerEmail: string): HeldReferral => ({
  id,
  email,
  confirmed: false,
  referrerEmail,
  referralCode: referrerEmail.slice(0, 4),
  reason: "unconfirmed",
  at: "2026-11-27T10:00:00.000Z",
})
const ROWS = [
  held(11, "a.friend@example.com", "ari@example.com"),
  held(12, "b.friend@example.com", "maya@example.com"),
  held(13, "c.friend@example.com", "maya@example.com"),
  held(14, "d.friend@example.com", "maya@example.com"),
]

const originalFetch = global.fetch
afterEach(() => {
  global.fetch = originalFetch
})

test("groups by referrer, the one with the most held first", () => {
  expect(groupByReferrer(ROWS)).toEqual([
    { referrerEmail: "maya@example.com", ids: [12, 13, 14] },
    { referrerEmail: "ari@example.com", ids: [11] },
  ])
})

test("releases one referrer's held friends at once, from the keyboard", async () => {
  const fetchMock = jest.fn(async () => ({ ok: true, status: 200, json: async () => ({ ok: true, decision: "release", decided: 3 }) }) as Response)
  global.fetch = fetchMock as typeof fetch
  const onChanged = jest.fn()
  render(
    <HeldReferrals
      rows={ROWS}
      total={ROWS.length}
      secret={SECRET}
      copy={copy as OwnerCopy}
      formats={makeFormats("en-GB", "UTC")}
      onProblem={jest.fn()}
      onChanged={onChanged}
    />,
  )
  const groups = screen.getByRole("region", { name: copy.heldReferrals.byReferrer })
  expect(
    within(groups)
      .getAllByRole("listitem")
      .map((item) => item.firstChild?.textContent),
  ).toEqual(["maya@example.com: 3 held", "ari@example.com: 1 held"])
  const user = userEvent.setup()
  const releaseMaya = screen.getByRole("button", { name: "Release all 3 held for maya@example.com" })
  while (document.activeElement !== releaseMaya) await user.tab()
  await user.keyboard("{Enter}")
  expect(fetchMock).toHaveBeenCalledTimes(1)
  const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
  expect(url).toBe("/api/owner/referrals")
  expect(JSON.parse(String(init.body))).toEqual({ ids: [12, 13, 14], decision: "release" })
  expect(await screen.findByText("Released 3: they count for maya@example.com.")).toBeTruthy()
  expect(onChanged).toHaveBeenCalled()
})
