/** @jsxImportSource theme-ui */

/** First stop for keyboard users: jumps past the header to the page content. */
export const SkipLink = ({ target, label }: { target: string; label: string }) => (
  <a
    href={`#${target}`}
    sx={{
      variant: "buttons.small",
      position: "absolute",
      zIndex: 50,
      top: 2,
      left: 2,
      transform: "translateY(-200%)",
      "&:focus": { transform: "translateY(0)" },
    }}
  >
    {label}
  </a>
)
