import { render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { useState } from "react"
import { HydrateLater, StaticMarkup } from "../Hydration"

// What the first page load does with these wrappers needs the browser build (Preact) and is
// covered by e2e/hydration.test.ts; here: every render after it, e.g. client-side navigation.

const Counter = () => {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Clicked {count} times
    </button>
  )
}

describe("after the first page load", () => {
  it("StaticMarkup renders its content", () => {
    render(
      <StaticMarkup>
        <h2>Explore the Vibe</h2>
      </StaticMarkup>,
    )
    expect(screen.getByRole("heading", { name: "Explore the Vibe" })).toBeInTheDocument()
  })

  it("HydrateLater renders its content at once, and it works", async () => {
    render(
      <HydrateLater>
        <Counter />
      </HydrateLater>,
    )
    await userEvent.click(screen.getByRole("button", { name: "Clicked 0 times" }))
    expect(screen.getByRole("button", { name: "Clicked 1 times" })).toBeInTheDocument()
  })

  it("neither wrapper adds a box to the layout", () => {
    const { container } = render(
      <>
        <StaticMarkup>
          <p>Static</p>
        </StaticMarkup>
        <HydrateLater>
          <p>Interactive</p>
        </HydrateLater>
      </>,
    )
    for (const wrapper of container.children) expect(getComputedStyle(wrapper).display).toBe("contents")
  })
})
