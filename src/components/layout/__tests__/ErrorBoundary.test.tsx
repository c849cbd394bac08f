import { render, screen } from "@testing-library/react"
import ui from "../../../../content/ui.json"
import { ErrorBoundary } from "../ErrorBoundary"

const Boom = (): JSX.Element => {
  throw new Error("Kaboom: the page broke")
}

describe("ErrorBoundary", () => {
  it("renders its children when nothing throws", () => {
    render(
      <ErrorBoundary copy={ui.errorPage}>
        <p>All good</p>
      </ErrorBoundary>,
    )
    expect(screen.getByText("All good")).toBeInTheDocument()
    expect(screen.queryByText("Unexpected Application Error!")).not.toBeInTheDocument()
  })

  it("shows the error screen with the error's message when a child throws", () => {
    const consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined)
    try {
      render(
        <ErrorBoundary copy={ui.errorPage}>
          <Boom />
        </ErrorBoundary>,
      )
      expect(screen.getByRole("heading", { name: "Unexpected Application Error!" })).toBeInTheDocument()
      expect(screen.getByText("Kaboom: the page broke")).toBeInTheDocument()
      expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/")
    } finally {
      consoleError.mockRestore()
    }
  })
})
