/** @jsxImportSource theme-ui */
import { Icon } from "./Icon"

export interface CardContent {
  icon: Queries.IconName
  title: string
  description: string
}

interface CardGridProps {
  cards: ReadonlyArray<CardContent>
  /** A badge on every card, like "Coming Soon". */
  badge?: string
}

const ACCENTS = ["primary", "secondary", "text"] as const

/** Three cards side by side on wide screens, stacked on phones. */
export const CardGrid = ({ cards, badge }: CardGridProps) => (
  <ul sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gridTemplateColumns: ["1fr", "1fr", "repeat(3, 1fr)"], gap: 4 }}>
    {cards.map((card, cardIndex) => (
      <li
        key={card.title}
        sx={{
          position: "relative",
          p: [4, 5],
          bg: "muted",
          border: "2px solid",
          borderColor: "border",
          borderRadius: "large",
          transition: "transform 150ms ease, border-color 150ms ease",
          "&:hover": { transform: "translateY(-4px)", borderColor: ACCENTS[cardIndex % ACCENTS.length] },
          "@media (prefers-reduced-motion: reduce)": { transition: "none", "&:hover": { transform: "none" } },
        }}
      >
        <span
          sx={{
            display: "inline-flex",
            p: 3,
            mb: 4,
            borderRadius: "default",
            bg: ACCENTS[cardIndex % ACCENTS.length],
            color: "onPrimary",
          }}
        >
          <Icon name={card.icon} size={32} />
        </span>
        {badge && (
          <span
            sx={{
              position: "absolute",
              top: 4,
              right: 4,
              px: 2,
              py: 1,
              fontFamily: "heading",
              fontSize: 0,
              textTransform: "uppercase",
              letterSpacing: "0.06em",
              border: "2px solid",
              borderColor: "primary",
              color: "primary",
              borderRadius: "pill",
            }}
          >
            {badge}
          </span>
        )}
        <h3 sx={{ variant: "text.heading", fontSize: 3, mb: 2 }}>{card.title}</h3>
        <p sx={{ color: "subtle" }}>{card.description}</p>
      </li>
    ))}
  </ul>
)
