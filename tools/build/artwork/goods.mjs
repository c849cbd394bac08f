// Gear and home: a sling bag (nylon body, zip, webbing strap with a side-release buckle), a
// ceramic mug with coffee and steam, a plant in a pot. Each drawn around its own centre.
import { crease, grainOver, stitch, wordPath } from "./kit.mjs"

/** A sling bag around `at`, `cloth` [lit, shade], with a `patch` { color, text, ink }. */
export const slingBag = ({ id, at: [x, y], cloth, webbing, patch }) => {
  const body = "M-290,-40 C-290,-150 290,-150 290,-40 L268,96 C246,162 -246,162 -268,96 Z"
  const pocket = "M-236,10 L236,10 L222,98 C200,140 -200,140 -222,98 Z"
  const { d, width } = wordPath(patch.text, 64)
  const defs = `
    <linearGradient id="${id}-cloth" x1="0" y1="0" x2="0.2" y2="1"><stop offset="0" stop-color="${cloth[0]}"/><stop offset="1" stop-color="${cloth[1]}"/></linearGradient>
    <clipPath id="${id}-body"><path d="${body}" transform="translate(${x} ${y})"/></clipPath>`
  const strap = (path) => `
    <path d="${path}" fill="none" stroke="rgba(0,0,0,0.45)" stroke-width="58" stroke-linecap="round" transform="translate(6 10)" filter="url(#crease)"/>
    <path d="${path}" fill="none" stroke="${webbing}" stroke-width="52" stroke-linecap="butt"/>
    <path d="${path}" fill="none" stroke="rgba(255,255,255,0.08)" stroke-width="52" stroke-dasharray="2 5"/>
    <path d="${path}" fill="none" stroke="rgba(0,0,0,0.25)" stroke-width="40" stroke-dasharray="1 9"/>`
  const drawing = `
    <g transform="translate(${x} ${y})">
      <ellipse cx="20" cy="190" rx="330" ry="40" fill="#000" opacity="0.45" filter="url(#shadow)"/>
      ${strap("M-270,-70 C-430,-250 -230,-470 30,-440 C270,-410 400,-250 270,-70")}
      <g transform="translate(-282 -338) rotate(-52)">
        <rect x="-46" y="-34" width="92" height="68" rx="14" fill="#1b1b1b" stroke="#000" stroke-width="3"/>
        <rect x="-30" y="-20" width="26" height="40" rx="6" fill="#333"/><rect x="6" y="-20" width="26" height="40" rx="6" fill="#333"/>
        <path d="M-40,-28 L40,-28" stroke="rgba(255,255,255,0.25)" stroke-width="3"/>
      </g>
      <path d="${body}" fill="url(#${id}-cloth)" stroke="rgba(0,0,0,0.6)" stroke-width="4"/>
      <path d="${pocket}" fill="rgba(0,0,0,0.12)" stroke="rgba(0,0,0,0.5)" stroke-width="3"/>
      ${stitch("M-226,20 L226,20 L213,94 C192,130 -192,130 -213,94 Z")}
      ${crease("M-150,-60 C-120,0 -110,30 -130,80", { width: 18, dark: "rgba(0,0,0,0.3)" })}
      ${crease("M160,-70 C140,-10 150,30 170,70", { width: 18, dark: "rgba(0,0,0,0.3)", shift: [-6, -4] })}
      <path d="M-262,-58 C-130,-104 130,-104 262,-58" fill="none" stroke="#111" stroke-width="22"/>
      <path d="M-262,-58 C-130,-104 130,-104 262,-58" fill="none" stroke="#6b6b6b" stroke-width="10" stroke-dasharray="3 3"/>
      <g transform="translate(170 -86) rotate(10)">
        <rect x="-14" y="-6" width="28" height="46" rx="7" fill="#2a2a2a" stroke="#000" stroke-width="2"/>
        <path d="M0,40 C-12,70 12,90 0,118" fill="none" stroke="${patch.color}" stroke-width="9" stroke-linecap="round"/>
      </g>
      <rect x="-${width / 2 + 26}" y="28" width="${width + 52}" height="82" rx="12" fill="${patch.color}" stroke="rgba(0,0,0,0.45)" stroke-width="3"/>
      ${stitch(`M${-width / 2 - 18},36 L${width / 2 + 18},36 L${width / 2 + 18},102 L${-width / 2 - 18},102 Z`, "rgba(0,0,0,0.35)", 2, "5 4")}
      <path d="${d}" transform="translate(${-width / 2} 92)" fill="${patch.ink}"/>
      <path d="${body}" fill="none" stroke="rgba(0,0,0,0.5)" stroke-width="10" stroke-linejoin="round"/>
    </g>
    ${grainOver(`${id}-body`, "twill", 0.5, [x - 320, y - 200, 640, 400])}`
  return { defs, drawing }
}

/** A mug of coffee around `at`, glazed `glaze` [lit, shade], a printed `mark` { text, color }. */
export const mug = ({ id, at: [x, y], glaze, mark }) => {
  const { d, width } = wordPath(mark.text, 150)
  const defs = `
    <linearGradient id="${id}-glaze" x1="0" y1="0" x2="1" y2="0">
      <stop offset="0" stop-color="${glaze[1]}"/><stop offset="0.3" stop-color="${glaze[0]}"/><stop offset="0.42" stop-color="#ffffff"/>
      <stop offset="0.55" stop-color="${glaze[0]}"/><stop offset="1" stop-color="${glaze[1]}"/>
    </linearGradient>
    <radialGradient id="${id}-coffee" cx="0.45" cy="0.4" r="0.7"><stop offset="0" stop-color="#5a3420"/><stop offset="1" stop-color="#1e0f07"/></radialGradient>`
  const steam = (path, delay) =>
    `<path d="${path}" fill="none" stroke="rgba(255,255,255,0.5)" stroke-width="${16 - delay * 3}" stroke-linecap="round" filter="url(#soft)"/>`
  const drawing = `
    <g transform="translate(${x} ${y})">
      <ellipse cx="30" cy="250" rx="260" ry="46" fill="#000" opacity="0.45" filter="url(#shadow)"/>
      ${steam("M-70,-300 C-110,-360 -30,-410 -70,-480", 0)}${steam("M10,-290 C-30,-370 50,-420 10,-520", 1)}${steam("M90,-300 C50,-350 130,-400 90,-460", 2)}
      <path d="M190,-120 C330,-130 340,110 190,120" fill="none" stroke="${glaze[1]}" stroke-width="52" stroke-linecap="round"/>
      <path d="M190,-120 C330,-130 340,110 190,120" fill="none" stroke="${glaze[0]}" stroke-width="34" stroke-linecap="round"/>
      <path d="M-200,-210 L-200,200 C-200,260 200,260 200,200 L200,-210 Z" fill="url(#${id}-glaze)" stroke="rgba(0,0,0,0.35)" stroke-width="3"/>
      <ellipse cx="0" cy="-210" rx="200" ry="52" fill="${glaze[0]}" stroke="rgba(0,0,0,0.3)" stroke-width="3"/>
      <ellipse cx="0" cy="-206" rx="178" ry="42" fill="url(#${id}-coffee)"/>
      <ellipse cx="-50" cy="-214" rx="60" ry="10" fill="rgba(255,220,180,0.25)"/>
      <g transform="translate(${(-width / 2) * 0.9} 60) scale(0.9 1)"><path d="${d}" fill="${mark.color}"/></g>
      <path d="M-200,200 C-200,260 200,260 200,200" fill="none" stroke="rgba(0,0,0,0.25)" stroke-width="10"/>
    </g>`
  return { defs, drawing }
}

/** A plant in a pot around `at` (the pot's rim centre): `pot` [lit, shade], leaves in `leaf` [lit, shade]. */
export const pottedPlant = ({ id, at: [x, y], pot, leaf }) => {
  const leafPath = "M0,0 C-40,-90 -30,-220 0,-320 C30,-220 40,-90 0,0 Z"
  const leaves = [
    [-38, 1.05, -6],
    [-18, 1.25, 10],
    [4, 1.4, -4],
    [24, 1.2, 8],
    [44, 1.0, -10],
    [-58, 0.8, 4],
    [62, 0.78, -2],
  ]
  const defs = `
    <linearGradient id="${id}-pot" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${pot[1]}"/><stop offset="0.35" stop-color="${pot[0]}"/><stop offset="1" stop-color="${pot[1]}"/></linearGradient>
    <linearGradient id="${id}-leaf" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${leaf[1]}"/><stop offset="0.5" stop-color="${leaf[0]}"/><stop offset="1" stop-color="${leaf[1]}"/></linearGradient>`
  const drawing = `
    <g transform="translate(${x} ${y})">
      <ellipse cx="30" cy="330" rx="230" ry="40" fill="#000" opacity="0.45" filter="url(#shadow)"/>
      ${leaves
        .map(
          ([angle, length, bend]) => `<g transform="translate(0 10) rotate(${angle}) scale(${length * 0.9} ${length})">
            <path d="${leafPath}" fill="url(#${id}-leaf)" stroke="rgba(0,0,0,0.35)" stroke-width="2" transform="skewX(${bend})"/>
            <path d="M0,-6 C2,-110 0,-200 0,-300" fill="none" stroke="rgba(255,255,255,0.35)" stroke-width="3" transform="skewX(${bend})"/>
          </g>`,
        )
        .join("")}
      <ellipse cx="0" cy="0" rx="170" ry="36" fill="#3b2a1e"/>
      <path d="M-170,0 L-130,320 C-120,350 120,350 130,320 L170,0 Z" fill="url(#${id}-pot)" stroke="rgba(0,0,0,0.35)" stroke-width="3"/>
      <path d="M-178,-4 L178,-4 L172,60 L-172,60 Z" fill="url(#${id}-pot)" stroke="rgba(0,0,0,0.35)" stroke-width="3"/>
      <path d="M-172,60 L172,60" stroke="rgba(0,0,0,0.3)" stroke-width="8" filter="url(#crease)"/>
    </g>`
  return { defs, drawing }
}
