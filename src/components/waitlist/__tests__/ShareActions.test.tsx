import { render, screen } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { ShareActions } from "../ShareActions"

const URL_TO_SHARE = "https://block94.example/?ref=ABCD1234EF"

afterEach(() => {
  Object.defineProperty(navigator, "share", { value: undefined, configurable: true })
})

describe("ShareActions", () => {
  it("copies the referral link and says so", async () => {
    const user = userEvent.setup()
    const writeText = jest.spyOn(navigator.clipboard, "writeText")
    render(<ShareActions url={URL_TO_SHARE} brand="Block 94" />)
    await user.click(screen.getByRole("button", { name: "Copy link" }))
    expect(writeText).toHaveBeenCalledWith(URL_TO_SHARE)
    expect(await screen.findByText("Link copied")).toBeVisible()
  })

  it("offers plain share links that open in a new tab, no share sheet where the browser has none", () => {
    render(<ShareActions url={URL_TO_SHARE} brand="Block 94" />)
    expect(screen.queryByRole("button", { name: "Share" })).not.toBeInTheDocument()
    for (const name of ["Share on X", "Share on WhatsApp", "Share by email"]) {
      const link = screen.getByRole("link", { name })
      expect(link.getAttribute("href")).toContain(encodeURIComponent(URL_TO_SHARE))
      if (name !== "Share by email") expect(link).toHaveAttribute("rel", "noopener noreferrer")
    }
  })

  it("opens the phone's share sheet with the brand's message where there is one", async () => {
    const share = jest.fn(async () => undefined)
    Object.defineProperty(navigator, "share", { value: share, configurable: true })
    const user = userEvent.setup()
    render(<ShareActions url={URL_TO_SHARE} brand="Block 94" />)
    await user.click(await screen.findByRole("button", { name: "Share" }))
    expect(share).toHaveBeenCalledWith({
      title: "Join the Block 94 drop with me",
      text: "I'm on the Block 94 list for early access. Join the drop with my link:",
      url: URL_TO_SHARE,
    })
  })
})
