import { act, render, screen } from "@testing-library/react"
import { useWindowPhase } from "../use-window-phase"

const WINDOW = { opensAt: "2026-12-04T17:00:00Z", closesAt: "2026-12-06T17:00:00Z", resultsAt: "2026-12-07T17:00:00Z" }

/** Shows the phase and counts its draws, as the drop's action does. */
const draws: string[] = []
const Phase = () => {
  const phase = useWindowPhase(WINDOW)
  draws.push(phase ?? "none")
  return <p>{phase ?? "none"}</p>
}

describe("a drop's window phase by the visitor's clock", () => {
  beforeEach(() => {
    draws.length = 0
    jest.useFakeTimers({ now: new Date("2026-12-04T16:59:50Z") })
  })
  afterEach(() => jest.useRealTimers())

  it("changes at the opening and the close, and is not redrawn while the seconds tick", () => {
    render(<Phase />)
    expect(screen.getByText("before")).toBeTruthy()
    const drawnBefore = draws.length
    act(() => jest.advanceTimersByTime(9_000))
    expect(draws.length).toBe(drawnBefore)
    act(() => jest.advanceTimersByTime(1_000))
    expect(screen.getByText("open")).toBeTruthy()
    act(() => jest.advanceTimersByTime(2 * 24 * 60 * 60 * 1000))
    expect(screen.getByText("closed")).toBeTruthy()
    act(() => jest.advanceTimersByTime(24 * 60 * 60 * 1000))
    expect(screen.getByText("results")).toBeTruthy()
    expect(draws.filter((phase, index) => phase !== draws[index - 1])).toEqual(["none", "before", "open", "closed", "results"])
  })
})
