// A heavyweight tee folded for the shelf, seen from above: ribbed collar with a woven neck label,
// the sleeves folded behind the body, the fold's rounded edge, the layers' thickness below it.
import { crease, grainOver, ribbing, stitch } from "./kit.mjs"

/**
 * A folded tee. `at` is its top left corner, `size` [width, height]; `cloth` [lit, shade];
 * `label` the neck label's colour; `print` an optional small chest print { d, width, color } (a path from wordPath).
 */
export const foldedTee = ({ id, at: [x, y], size: [w, h], cloth, rib, label, print }) => {
  const cx = x + w / 2
  const body = `M${x + 14},${y} L${x + w - 14},${y} Q${x + w},${y} ${x + w},${y + 14} L${x + w},${y + h - 22} Q${x + w},${y + h} ${x + w - 24},${y + h} L${x + 24},${y + h} Q${x},${y + h} ${x},${y + h - 22} L${x},${y + 14} Q${x},${y} ${x + 14},${y} Z`
  const collarOuter = `M${cx - 96},${y - 2} C${cx - 90},${y + 60} ${cx - 50},${y + 84} ${cx},${y + 84} C${cx + 50},${y + 84} ${cx + 90},${y + 60} ${cx + 96},${y - 2} Z`
  const collarInner = `M${cx - 70},${y - 2} C${cx - 66},${y + 44} ${cx - 36},${y + 60} ${cx},${y + 60} C${cx + 36},${y + 60} ${cx + 66},${y + 44} ${cx + 70},${y - 2} Z`
  const defs = `
    <linearGradient id="${id}-cloth" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${cloth[0]}"/><stop offset="1" stop-color="${cloth[1]}"/></linearGradient>
    <clipPath id="${id}-body"><path d="${body}"/></clipPath>
    <clipPath id="${id}-collar"><path d="${collarOuter}"/></clipPath>`
  const drawing = `
    <path d="${body}" transform="translate(0 16)" fill="${cloth[1]}" stroke="rgba(0,0,0,0.5)" stroke-width="2"/>
    <path d="M${x + 6},${y + h + 4} L${x + w - 6},${y + h + 4}" stroke="rgba(0,0,0,0.25)" stroke-width="2"/>
    <path d="${body}" fill="url(#${id}-cloth)" stroke="rgba(0,0,0,0.45)" stroke-width="2.5"/>
    <g clip-path="url(#${id}-body)">
      ${crease(`M${x + 64},${y + 6} L${x + 58},${y + h - 10}`, { width: 10, dark: "rgba(0,0,0,0.3)" })}
      ${crease(`M${x + w - 64},${y + 6} L${x + w - 58},${y + h - 10}`, { width: 10, dark: "rgba(0,0,0,0.3)", shift: [-5, -3] })}
      ${crease(`M${x + 30},${y + h * 0.55} C${x + w * 0.3},${y + h * 0.5} ${x + w * 0.6},${y + h * 0.62} ${x + w - 30},${y + h * 0.56}`, { width: 12, dark: "rgba(0,0,0,0.18)" })}
      <rect x="${x}" y="${y + h - 40}" width="${w}" height="40" fill="rgba(0,0,0,0.18)" filter="url(#crease)"/>
      <rect x="${x}" y="${y}" width="44" height="${h}" fill="rgba(0,0,0,0.16)" filter="url(#crease)"/>
      <rect x="${x + w - 44}" y="${y}" width="44" height="${h}" fill="rgba(0,0,0,0.16)" filter="url(#crease)"/>
    </g>
    ${print ? `<path d="${print.d}" transform="translate(${cx - print.width / 2} ${y + h * 0.62})" fill="${print.color}" opacity="0.92"/>` : ""}
    <path d="${collarOuter}" fill="${rib}" stroke="rgba(0,0,0,0.45)" stroke-width="2.5"/>
    ${ribbing(`${id}-collar`, [cx - 100, y - 4, 200, 92], { pitch: 7 })}
    <path d="${collarInner}" fill="${cloth[1]}" stroke="rgba(0,0,0,0.45)" stroke-width="2"/>
    <path d="${collarInner}" fill="rgba(0,0,0,0.35)"/>
    ${stitch(`M${cx - 80},${y + 2} C${cx - 76},${y + 54} ${cx - 44},${y + 72} ${cx},${y + 72} C${cx + 44},${y + 72} ${cx + 76},${y + 54} ${cx + 80},${y + 2}`, "rgba(255,255,255,0.25)", 2, "6 5")}
    <rect x="${cx - 20}" y="${y + 6}" width="40" height="22" rx="3" fill="${label}" stroke="rgba(0,0,0,0.35)" stroke-width="1.5"/>
    ${stitch(`M${x + 10},${y + h - 16} L${x + w - 10},${y + h - 16}`, "rgba(0,0,0,0.2)", 2, "6 5")}
    ${grainOver(`${id}-body`, "knit", 0.45, [x, y, w, h + 20])}`
  return { defs, drawing }
}

/**
 * Folded tees stacked on a shelf: the top one's face, and below it the folded front edge of each
 * one under it. `tees` top first, each { cloth, rib, label, print }.
 */
export const teeStack = ({ id, at: [x, y], size: [w, h], tees }) => {
  const [top, ...under] = tees
  const band = 40
  const edges = under.map(({ cloth }, index) => {
    const edgeY = y + h + 14 + index * band
    const gradient = `${id}-edge${index}`
    return {
      defs: `<linearGradient id="${gradient}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${cloth[0]}"/><stop offset="0.55" stop-color="${cloth[1]}"/><stop offset="1" stop-color="${cloth[1]}"/></linearGradient>`,
      drawing: `<rect x="${x - 6 - index * 3}" y="${edgeY}" width="${w + 12 + index * 6}" height="${band + 4}" rx="18" fill="url(#${gradient})" stroke="rgba(0,0,0,0.5)" stroke-width="2.5"/>
        ${stitch(`M${x + 14},${edgeY + band - 10} L${x + w - 14},${edgeY + band - 10}`, "rgba(0,0,0,0.25)", 2, "6 5")}`,
    }
  })
  const face = foldedTee({ id: `${id}-top`, at: [x, y], size: [w, h], ...top })
  const shadow = `<ellipse cx="${x + w / 2 + 20}" cy="${y + h + 20 + under.length * band}" rx="${w * 0.62}" ry="36" fill="#000" opacity="0.5" filter="url(#shadow)"/>`
  return {
    defs: face.defs + edges.map(({ defs }) => defs).join(""),
    drawing:
      shadow +
      [...edges]
        .reverse()
        .map(({ drawing }) => drawing)
        .join("") +
      face.drawing,
  }
}
