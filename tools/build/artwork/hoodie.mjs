// A heavyweight hoodie lying flat, from the back (a puff print across it) or the front (hood
// opening, drawstrings through eyelets, kangaroo pocket). Drawn in a 1200 x 1300 box, centre x 600.
import { contactShadow, crease, grainOver, ribbing, seam, stitch, transformPath, wordPath } from "./kit.mjs"

const mirror = (d) => transformPath(d, (x, y) => [1200 - x, y])

const BODY = "M470,485 C410,495 365,505 330,520 L338,700 C345,850 350,1000 352,1100 L848,1100 C850,1000 855,850 862,700 L870,520 C835,505 790,495 730,485 Z"
const HEM = "M352,1098 L848,1098 L842,1190 Q600,1198 358,1190 Z"
const SLEEVE = "M330,520 C262,630 170,770 112,900 L224,960 C260,880 300,790 338,700 Z"
const CUFF = "M112,898 L224,958 L182,1017 Q130,996 88,966 Z"
const HOOD_BACK = "M468,492 C430,400 436,262 520,214 C560,192 640,192 680,214 C764,262 770,400 732,492 Q600,520 468,492 Z"
const HOOD_FRONT =
  "M462,505 C420,400 430,250 520,205 C560,188 640,188 680,205 C770,250 780,400 738,505 L700,520 C690,430 660,330 600,330 C540,330 510,430 500,520 Z"
const HOOD_LINING = "M500,520 C510,430 540,330 600,330 C660,330 690,430 700,520 Q600,560 500,520 Z"
const POCKET = "M410,860 L790,860 L820,1070 L380,1070 Z"

/** The whole silhouette, for the shadow under it. */
const SILHOUETTE = [BODY, HEM, SLEEVE, CUFF, mirror(SLEEVE), mirror(CUFF), HOOD_BACK].join(" ")

/**
 * A hoodie. `id` keeps its definitions apart from another drawing's; `cloth` is [lit, shade] of
 * the fabric; `rib` the ribbing's colour; `print` a { text, color, edge } puff print across the back;
 * `depth` how dark its folds read (1 on black cloth, less on lighter).
 */
export const hoodie = ({ id, view, cloth, rib, print, drawstring = "#f5f3ee", depth = 1 }) => {
  const clip = (name, d) => `<clipPath id="${id}-${name}"><path d="${d}"/></clipPath>`
  const defs = `
    <linearGradient id="${id}-cloth" x1="0.1" y1="0" x2="0.9" y2="1">
      <stop offset="0" stop-color="${cloth[0]}"/><stop offset="1" stop-color="${cloth[1]}"/>
    </linearGradient>
    <linearGradient id="${id}-hood" x1="0.2" y1="0" x2="0.8" y2="1">
      <stop offset="0" stop-color="${cloth[0]}"/><stop offset="1" stop-color="${cloth[1]}"/>
    </linearGradient>
    ${clip("all", SILHOUETTE + (view === "front" ? HOOD_FRONT : ""))}
    ${clip("body", BODY)}
    ${clip("hem", HEM)}
    ${clip("cuffs", CUFF + mirror(CUFF))}
    ${clip("sleeves", SLEEVE + mirror(SLEEVE))}`

  const fill = `url(#${id}-cloth)`
  const outline = 'stroke="rgba(0,0,0,0.6)" stroke-width="3" stroke-linejoin="round"'
  const sleeves = `
    <path d="${SLEEVE}" fill="${fill}" ${outline}/><path d="${mirror(SLEEVE)}" fill="${fill}" ${outline}/>
    <g clip-path="url(#${id}-sleeves)">
      ${crease("M262,655 C245,690 238,715 244,750", { width: 12 })}
      ${crease("M205,735 C232,768 255,800 276,838", { width: 18 })}
      ${crease(mirror("M262,655 C245,690 238,715 244,750"), { width: 12, shift: [-6, -4] })}
      ${crease(mirror("M205,735 C232,768 255,800 276,838"), { width: 18, shift: [-6, -4] })}
      ${crease("M160,850 C185,870 200,890 215,915", { width: 10, dark: "rgba(0,0,0,0.35)" })}
      ${crease(mirror("M160,850 C185,870 200,890 215,915"), { width: 10, dark: "rgba(0,0,0,0.35)", shift: [-6, -4] })}
      <path d="M318,540 C270,640 200,760 140,880" stroke="rgba(255,255,255,0.07)" stroke-width="40" fill="none" filter="url(#soft)"/>
    </g>
    ${stitch("M118,890 L228,950")}${stitch(mirror("M118,890 L228,950"))}`
  const cuffs = `
    <path d="${CUFF}" fill="${rib}" ${outline}/><path d="${mirror(CUFF)}" fill="${rib}" ${outline}/>
    ${ribbing(`${id}-cuffs`, [70, 880, 170, 160], { angle: 28 })}
    ${ribbing(`${id}-cuffs`, [960, 880, 170, 160], { angle: -28 })}`
  const body = `
    <path d="${BODY}" fill="${fill}" ${outline}/>
    <path d="${HEM}" fill="${rib}" ${outline}/>
    ${ribbing(`${id}-hem`, [352, 1098, 496, 96], { pitch: 10 })}
    ${seam("M352,1099 L848,1099", { offset: "M354,1088 L846,1088" })}
    ${seam("M330,520 L338,700", { offset: "M341,524 L349,700" })}${seam(mirror("M330,520 L338,700"), { offset: mirror("M341,524 L349,700") })}
    ${seam("M330,520 C365,505 410,495 470,485", { offset: "M334,530 C368,516 412,506 470,497" })}
    ${seam(mirror("M330,520 C365,505 410,495 470,485"), { offset: mirror("M334,530 C368,516 412,506 470,497") })}`
  const folds = `
    <g clip-path="url(#${id}-body)">
      ${crease("M372,720 C450,790 500,850 548,960", { width: 20 })}
      ${crease("M828,720 C760,790 712,840 668,950", { width: 20, shift: [-6, -4] })}
      ${crease("M400,1050 C500,1036 690,1040 800,1056", { width: 16, dark: "rgba(0,0,0,0.4)" })}
      ${crease("M360,560 C420,600 450,640 470,700", { width: 10, dark: "rgba(0,0,0,0.3)" })}
      <path d="M430,560 C480,640 500,740 470,900" stroke="rgba(255,255,255,0.06)" stroke-width="90" fill="none" filter="url(#softer)"/>
      <path d="M352,520 C360,700 364,900 366,1098" stroke="rgba(0,0,0,0.5)" stroke-width="40" fill="none" filter="url(#soft)"/>
      <path d="M848,520 C840,700 836,900 834,1098" stroke="rgba(0,0,0,0.5)" stroke-width="40" fill="none" filter="url(#soft)"/>
    </g>`
  const back = () => {
    const { d, width } = wordPath(print.text, 290, -6)
    const at = `translate(${600 - width / 2} 842)`
    return `
      <clipPath id="${id}-print"><path d="${d}" transform="${at}"/></clipPath>
      <path d="${d}" transform="${at} translate(5 9)" fill="rgba(0,0,0,0.65)" filter="url(#crease)"/>
      <path d="${d}" transform="${at}" fill="${print.color}" stroke="${print.edge}" stroke-width="5" stroke-linejoin="round"/>
      <g clip-path="url(#${id}-print)">
        <path d="${d}" transform="${at} translate(6 8)" fill="none" stroke="rgba(40,60,0,0.5)" stroke-width="14" filter="url(#crease)"/>
        <path d="${d}" transform="${at} translate(-4 -5)" fill="none" stroke="rgba(255,255,235,0.4)" stroke-width="8" filter="url(#crease)"/>
        <rect x="300" y="560" width="600" height="320" filter="url(#twill)" opacity="0.12"/>
      </g>`
  }
  const hoodBack = `
    <path d="${HOOD_BACK}" transform="translate(6 12)" fill="rgba(0,0,0,0.55)" filter="url(#soft)"/>
    <path d="${HOOD_BACK}" fill="url(#${id}-hood)" ${outline}/>
    ${seam("M600,196 C603,300 604,400 600,506", { offset: "M612,198 C615,300 616,400 612,505" })}
    ${crease("M520,260 C500,320 492,400 500,470", { width: 14, dark: "rgba(0,0,0,0.35)" })}
    ${crease("M690,270 C706,330 708,400 700,470", { width: 14, dark: "rgba(0,0,0,0.35)", shift: [-6, -4] })}
    ${stitch("M478,486 Q600,512 722,486")}`
  const hoodFront = `
    <path d="${HOOD_FRONT}" fill="url(#${id}-hood)" ${outline}/>
    <path d="${HOOD_LINING}" fill="${cloth[1]}" ${outline}/>
    <path d="${HOOD_LINING}" fill="rgba(0,0,0,0.45)"/>
    ${stitch("M492,506 C498,420 530,318 600,316 C670,318 702,420 708,506", "rgba(255,255,255,0.25)")}
    ${seam("M600,196 L600,320")}
    <circle cx="560" cy="522" r="9" fill="#c9c9c9" stroke="#555" stroke-width="3"/><circle cx="640" cy="522" r="9" fill="#c9c9c9" stroke="#555" stroke-width="3"/>
    <path d="M560,522 C556,600 548,660 552,742" fill="none" stroke="rgba(0,0,0,0.4)" stroke-width="13" stroke-linecap="round" transform="translate(4 6)" filter="url(#crease)"/>
    <path d="M560,522 C556,600 548,660 552,742" fill="none" stroke="${drawstring}" stroke-width="11" stroke-linecap="round"/>
    <path d="M640,522 C646,590 656,640 650,712" fill="none" stroke="rgba(0,0,0,0.4)" stroke-width="13" stroke-linecap="round" transform="translate(4 6)" filter="url(#crease)"/>
    <path d="M640,522 C646,590 656,640 650,712" fill="none" stroke="${drawstring}" stroke-width="11" stroke-linecap="round"/>
    <rect x="545" y="736" width="14" height="34" rx="5" fill="#b9b9b9" stroke="#444" stroke-width="2"/>
    <rect x="643" y="706" width="14" height="34" rx="5" fill="#b9b9b9" stroke="#444" stroke-width="2"/>`
  const pocket = `
    <path d="${POCKET}" transform="translate(3 7)" fill="rgba(0,0,0,0.45)" filter="url(#crease)"/>
    <path d="${POCKET}" fill="${fill}" ${outline}/>
    <path d="M410,860 Q395,960 380,1070" fill="none" stroke="rgba(0,0,0,0.55)" stroke-width="10" filter="url(#crease)"/>
    <path d="M790,860 Q805,960 820,1070" fill="none" stroke="rgba(0,0,0,0.55)" stroke-width="10" filter="url(#crease)"/>
    ${stitch("M418,870 L782,870")}${stitch("M418,870 Q404,960 392,1062")}${stitch("M782,870 Q796,960 808,1062")}`
  const tab = `<rect x="340" y="1030" width="16" height="40" rx="3" fill="#d4ff3a" stroke="rgba(0,0,0,0.5)" stroke-width="2"/>`

  const grain = grainOver(`${id}-all`, "knit", 0.6, [0, 150, 1200, 1100])
  const drawing = `
    ${contactShadow(SILHOUETTE)}
    ${sleeves}${cuffs}${body}
    <g opacity="${depth}">${folds}</g>
    ${view === "back" ? grain + back() : pocket + grain}
    ${tab}
    ${view === "back" ? hoodBack : hoodFront}
    ${grainOver(`${id}-all`, "knit", 0.4, [0, 150, 1200, 400])}`
  return { defs, drawing }
}
