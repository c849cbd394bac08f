/** @jsxImportSource theme-ui */

/** A drop's name and what it is; the name heads the drop's part of the page. */
export const DropHeader = ({ id, name, summary }: { id: string; name: string; summary: string }) => (
  <div sx={{ mb: [5, 6], maxWidth: 860 }}>
    <h2 id={`${id}-heading`} sx={{ variant: "text.heading", fontSize: [5, 6], mb: 3, color: "primary" }}>
      {name}
    </h2>
    <p sx={{ variant: "text.lead" }}>{summary}</p>
  </div>
)
