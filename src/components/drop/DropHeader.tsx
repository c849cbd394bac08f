/** @jsxImportSource theme-ui */

/** A drop's name, heading its part of the page, right above its pieces. */
export const DropHeader = ({ id, name }: { id: string; name: string }) => (
  <h2 id={`${id}-heading`} sx={{ variant: "text.heading", fontSize: [4, 5], mb: [3, 4], maxWidth: 860, color: "primary" }}>
    {name}
  </h2>
)

/** What a drop is, in a line or two, after its pieces. */
export const DropSummary = ({ summary }: { summary: string }) => <p sx={{ variant: "text.lead", mb: [6, 7], maxWidth: 860 }}>{summary}</p>
