// Finding someone on the owner's page: a bad address is said under the field; the person shows
// masked with their status, place, friends and reward; the whole address only on request; their
// link sent again, each outcome said in words.
import { render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import ownerPage from "../../../../content/pages/owner.json"
import { makeFormats } from "../../../lib/owner-format"
import type { OwnerPerson } from "../../../signup/owner-person"
import type { OwnerCopy } from "../copy"
import { FindPerson } from "../FindPerson"

const { seo: _seo, $schema: _schema, ...copy } = ownerPage
const text = copy.person
const SECRET = "owner-secret-for-the-unit-tests-0123"
const REWARDS = [
  { referrals: 3, reward: "Early access" },
  { referrals: 5, reward: "Free tee" },
]
const MAYA: OwnerPerson = {
  email: "m•••@example.com",
  whole: false,
  status: "confirmed",
  signedUpAt: "2026-11-27T10:00:00.000Z",
  confirmedAt: "2026-11-27T10:05:00.000Z",
  place: { position: 4, total: 250 },
  friends: 3,
  heldFriends: 2,
  reward: 3,
  invitation: null,
}

const answer = (body: unknown) => ({ ok: true, status: 200, json: async () => body }) as Response
const originalFetch = global.fetch
let fetchMock: jest.Mock
beforeEach(() => {
  fetchMock = jest.fn()
  global.fetch = fetchMock as typeof fetch
})
afterEach(() => {
  global.fetch = originalFetch
})
const sent = () => fetchMock.mock.calls.map(([url, init]: [string, RequestInit]) => [url, JSON.parse(String(init.body)) as unknown])

const show = () => render(<FindPerson secret={SECRET} copy={copy as OwnerCopy} formats={makeFormats("en-GB", "UTC")} onProblem={jest.fn()} rewards={REWARDS} />)

test("says what is wrong with an address that is not one, and asks nothing", async () => {
  show()
  const user = userEvent.setup()
  await user.type(screen.getByLabelText(text.label), "maya{Enter}")
  expect(screen.getByText(text.invalid)).toBeTruthy()
  expect(screen.getByLabelText(text.label).getAttribute("aria-invalid")).toBe("true")
  expect(fetchMock).not.toHaveBeenCalled()
})

test("finds someone, masked, with their status, place, friends and reward; whole on request; sends their link again", async () => {
  fetchMock
    .mockResolvedValueOnce(answer({ found: true, person: MAYA }))
    .mockResolvedValueOnce(answer({ found: true, person: { ...MAYA, email: "maya.first@example.com", whole: true } }))
    .mockResolvedValueOnce(answer({ ok: true, outcome: "sent" }))
    .mockResolvedValueOnce(answer({ ok: true, outcome: "tooSoon" }))
  show()
  const user = userEvent.setup()
  await user.type(screen.getByLabelText(text.label), "maya.first@example.com{Enter}")
  const person = await screen.findByRole("region", { name: text.found })
  expect(within(person).getByText("m•••@example.com")).toBeTruthy()
  const facts = [...person.querySelectorAll("dt")].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`)
  expect(facts).toEqual([
    "Status: Confirmed",
    "Place in line: 4 of 250",
    "Friends who count: 3",
    "Friends on hold: 2",
    "Reward reached: Early access",
    "Signed up: Fri 27 Nov 2026, 10:00 UTC",
    "Invitation to the shop: Not invited yet",
  ])
  await user.click(within(person).getByRole("button", { name: text.showWhole }))
  expect(await within(person).findByText("maya.first@example.com")).toBeTruthy()
  expect(within(person).queryByRole("button", { name: text.showWhole })).toBeNull()
  await user.click(within(person).getByRole("button", { name: text.resend }))
  expect(await screen.findByText(text.resent.sent)).toBeTruthy()
  await user.click(within(person).getByRole("button", { name: text.resend }))
  expect(await screen.findByText(text.resent.tooSoon)).toBeTruthy()
  expect(sent()).toEqual([
    ["/api/owner/person", { email: "maya.first@example.com", whole: false }],
    ["/api/owner/person", { email: "maya.first@example.com", whole: true }],
    ["/api/owner/resend", { email: "maya.first@example.com" }],
    ["/api/owner/resend", { email: "maya.first@example.com" }],
  ])
})

test("says so when no one on the list has the address", async () => {
  fetchMock.mockResolvedValueOnce(answer({ found: false }))
  show()
  const user = userEvent.setup()
  await user.type(screen.getByLabelText(text.label), "nobody@example.com{Enter}")
  expect(await screen.findByText(text.notFound)).toBeTruthy()
  expect(screen.queryByRole("region", { name: text.found })).toBeNull()
})
