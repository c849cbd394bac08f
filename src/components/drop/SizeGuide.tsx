/** @jsxImportSource theme-ui */
import type { DropSizeContent, PieceDetailsCopy } from "./copy"

interface SizeGuideProps {
  fit: string
  sizes: ReadonlyArray<DropSizeContent>
  copy: PieceDetailsCopy
}

/** A piece's size guide, folded under its label: a line on the fit and each size's measurements. */
export const SizeGuide = ({ fit, sizes, copy }: SizeGuideProps) => (
  <details sx={{ borderTop: "1px solid", borderBottom: "1px solid", borderColor: "border", py: 2 }}>
    <summary sx={{ cursor: "pointer", fontWeight: "bold", py: 1 }}>{copy.sizeGuide}</summary>
    <p sx={{ color: "subtle", my: 2 }}>{fit}</p>
    <table
      sx={{
        width: "100%",
        borderCollapse: "collapse",
        "th, td": { textAlign: "left", verticalAlign: "top", py: 2, pr: 3, borderBottom: "1px solid", borderColor: "border" },
      }}
    >
      <thead>
        <tr>
          <th scope="col">{copy.size}</th>
          <th scope="col">{copy.measurements}</th>
        </tr>
      </thead>
      <tbody>
        {sizes.map((size) => (
          <tr key={size.label}>
            <th scope="row" sx={{ whiteSpace: "nowrap" }}>
              {size.label}
            </th>
            <td>{size.measurements}</td>
          </tr>
        ))}
      </tbody>
    </table>
  </details>
)
