/** @jsxImportSource theme-ui */
import { Icon } from "../shared/Icon"

export interface Reassurance {
  icon: Queries.IconName
  title: string
  description: string
}

/** Three short promises in a strip under the hero. */
export const Reassurances = ({ items, label }: { items: ReadonlyArray<Reassurance>; label: string }) => (
  <ul
    aria-label={label}
    sx={{
      variant: "layout.container",
      listStyle: "none",
      display: "grid",
      gridTemplateColumns: ["1fr", "repeat(3, 1fr)"],
      gap: [3, 4],
      py: 5,
      my: 0,
    }}
  >
    {items.map((item) => (
      <li key={item.title} sx={{ display: "flex", alignItems: "center", gap: 3 }}>
        <span sx={{ display: "inline-flex", p: 2, borderRadius: "pill", bg: "primary", color: "onPrimary" }}>
          <Icon name={item.icon} />
        </span>
        <span>
          <strong sx={{ display: "block", fontFamily: "heading", textTransform: "uppercase", fontWeight: "heading" }}>{item.title}</strong>
          <span sx={{ color: "subtle", fontSize: 0 }}>{item.description}</span>
        </span>
      </li>
    ))}
  </ul>
)
