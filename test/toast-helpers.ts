import { screen, within } from "@testing-library/react"

/** The toast whose title is `title`, checked to carry `text` and the given screen-reader role. */
export const expectToast = async (title: string, text: string, role: "alert" | "status"): Promise<HTMLElement> => {
  const heading = await screen.findByText(title)
  const toastElement = heading.closest(".Toastify__toast") as HTMLElement
  expect(toastElement).not.toBeNull()
  expect(within(toastElement).getByText(text)).toBeInTheDocument()
  expect(toastElement).toHaveAttribute("role", role)
  return toastElement
}
