// What the tests of the owner's Drops section share: a drop as the server answers it, the page's calls
// answered in place of `fetch`, and the section shown with its copy.
import { render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import ownerPage from "../../../../content/pages/owner.json"
import { makeFormats } from "../../../lib/owner-format"
import type { DropCommitment } from "../../../drop/commitment"
import type { OwnerDrop } from "../../../lib/owner-drops-client"
import type { OwnerCopy } from "../copy"
import type { ComponentProps } from "react"
import { Drops, useOwnerDrops } from "../Drops"

const { seo: _seo, $schema: _schema, ...ownerCopy } = ownerPage
export const copy = ownerCopy
export const text = copy.drops
export const SECRET = "owner-secret-for-the-unit-tests-0123"
export const SEED = "5eed".repeat(16)
export const HASH = "ab".repeat(32)
export const COMMITMENT: DropCommitment = {
  seedHash: HASH,
  chainHash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  round: 34_591_013,
  opensAt: "2026-12-04T17:00:00.000Z",
  closesAt: "2026-12-06T17:00:00.000Z",
  committedAt: "2026-11-30T10:00:00.000Z",
}
/** A drop committed, and the site deployed with its commitment. */
export const COMMITTED = { commitment: COMMITMENT, builtCommitment: COMMITMENT, beaconAt: "2026-12-06T17:00:03.000Z" }
export const formats = makeFormats("en-GB", "UTC")
export const PIECES = {
  "drop-01": [
    { id: "hoodie", name: "Block Heavyweight Hoodie", sizes: [{ label: "M" }] },
    { id: "cap", name: "Six-Panel Cap", sizes: [{ label: "One size" }] },
  ],
}

export const drop = (overrides: Partial<OwnerDrop> = {}): OwnerDrop => ({
  drop: "drop-01",
  name: "Drop 01: Block Heavyweight",
  phase: "scheduled",
  opensAt: "2026-12-04T17:00:00.000Z",
  closesAt: "2026-12-06T17:00:00.000Z",
  resultsAt: "2026-12-07T17:00:00.000Z",
  commitment: null,
  builtCommitment: null,
  beacon: null,
  beaconAt: null,
  beaconChain: "drand quicknet",
  review: { entries: [], clusters: [] },
  entrants: { "hoodie/M": 0, "cap/One size": 0 },
  listHash: null,
  frozenAt: null,
  seed: null,
  drawnAt: null,
  winners: null,
  promoted: null,
  stock: [
    { size: "hoodie/M", pieces: 25 },
    { size: "cap/One size", pieces: 40 },
  ],
  entriesByDay: [],
  seedKept: true,
  ...overrides,
})

const originalFetch = global.fetch
/** The page's calls, answered by each test; in place of `fetch` for every test of a file that imports this one. */
export const fetchMock = jest.fn() as jest.MockedFunction<typeof fetch>
export const answer = (status: number, body: unknown) => ({ ok: status >= 200 && status < 300, status, json: async () => body }) as Response
export const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === "POST")
    .map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) as unknown, auth: (init?.headers as Record<string, string>).Authorization }))

beforeEach(() => {
  fetchMock.mockReset()
  global.fetch = fetchMock
})
afterEach(() => {
  global.fetch = originalFetch
})

/** The section as the dashboard shows it: the drops read by the dashboard's hook. */
function LoadedDrops(props: Omit<ComponentProps<typeof Drops>, "drops">) {
  const drops = useOwnerDrops(props)
  return <Drops {...props} drops={drops} />
}

export const show = (props: { onProblem?: jest.Mock; onChanged?: jest.Mock } = {}) => {
  const onProblem = props.onProblem ?? jest.fn()
  const onChanged = props.onChanged ?? jest.fn()
  render(<LoadedDrops secret={SECRET} copy={copy as OwnerCopy} formats={formats} onProblem={onProblem} onChanged={onChanged} pieces={PIECES} />)
  return { onProblem, onChanged }
}

/** Shows `shown`, then presses an action's button and its confirm, `response` answering (and later reads `shown` again). */
export const confirmAnswered = async (shown: OwnerDrop, response: Response, action: { button: string; confirmStep: { confirm: string } }) => {
  const user = userEvent.setup()
  fetchMock
    .mockResolvedValueOnce(answer(200, { drops: [shown] }))
    .mockResolvedValueOnce(response)
    .mockResolvedValue(answer(200, { drops: [shown] }))
  show()
  await user.click(await screen.findByRole("button", { name: action.button }))
  await user.click(screen.getByRole("button", { name: action.confirmStep.confirm }))
}

export const card = () => screen.getByRole("article", { name: "Drop 01: Block Heavyweight" })
/** Each row of a table as its text. */
export const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((row) => row.textContent)
export const note = () => within(card()).getByRole("status")
