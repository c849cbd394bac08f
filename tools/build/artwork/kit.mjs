// What every drawing shares: the brand's colours, fabric and print filters, stitching, the
// heading face's outlines (so a print reads in the brand's type), backdrops and stickers.
import { readFileSync } from "node:fs"
import subsetFont from "subset-font"
import * as hb from "harfbuzzjs"

export const INK = "#0d0d0d"
export const LIME = "#d4ff3a"
export const PINK = "#ff3d7f"
export const BONE = "#f5f3ee"

/** SVG filters: knit and twill grain, soft shadows, a puff print's relief. Put once in <defs>. */
export const FILTERS = `
  <filter id="knit" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="1.1 0.45" numOctaves="3" seed="4" stitchTiles="stitch"/>
    <feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 0.55 -0.18"/>
  </filter>
  <filter id="twill" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.9 0.9" numOctaves="2" seed="9" stitchTiles="stitch"/>
    <feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 0.5 -0.2"/>
  </filter>
  <filter id="grain" x="0" y="0" width="100%" height="100%">
    <feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="2" stitchTiles="stitch"/>
    <feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 0.07 0"/>
  </filter>
  <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="9"/></filter>
  <filter id="softer" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="22"/></filter>
  <filter id="crease" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="4"/></filter>
  <filter id="shadow" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="26"/></filter>`

/** A fabric's grain over a shape: `filter` is "knit" (fleece, jersey) or "twill" (caps, bags). */
export const grainOver = (clipId, filter, opacity, box = [0, 0, 1920, 1920]) =>
  `<g clip-path="url(#${clipId})" opacity="${opacity}" style="mix-blend-mode:overlay"><rect x="${box[0]}" y="${box[1]}" width="${box[2]}" height="${box[3]}" filter="url(#${filter})"/></g>`

/** Stitching along a path: short dashes a little lighter than the cloth. */
export const stitch = (d, color = "rgba(255,255,255,0.22)", width = 2.5, dash = "9 7") =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-dasharray="${dash}" stroke-linecap="round"/>`

/** A seam: the fold line of the join, then a row of stitches beside it. */
export const seam = (d, { line = "rgba(0,0,0,0.55)", stitches = "rgba(255,255,255,0.2)", offset = "" } = {}) =>
  `<path d="${d}" fill="none" stroke="${line}" stroke-width="3" stroke-linecap="round"/>` + (offset ? stitch(offset, stitches) : "")

/** A crease: a blurred dark valley with a lit ridge beside it. */
export const crease = (d, { dark = "rgba(0,0,0,0.5)", light = "rgba(255,255,255,0.07)", width = 14, shift = [6, -4] } = {}) =>
  `<path d="${d}" fill="none" stroke="${dark}" stroke-width="${width}" stroke-linecap="round" filter="url(#crease)"/>` +
  `<path d="${d}" transform="translate(${shift[0]} ${shift[1]})" fill="none" stroke="${light}" stroke-width="${width * 0.6}" stroke-linecap="round" filter="url(#crease)"/>`

/** Ribbing: fine vertical wales across a band (cuffs, hem), clipped to the band's shape. */
export const ribbing = (clipId, [x, y, w, h], { pitch = 9, angle = 0, color = "rgba(0,0,0,0.45)", light = "rgba(255,255,255,0.06)" } = {}) => {
  const lines = []
  for (let at = x - h; at < x + w + h; at += pitch) {
    lines.push(`<line x1="${at}" y1="${y - 10}" x2="${at}" y2="${y + h + 10}" stroke="${color}" stroke-width="${pitch * 0.38}"/>`)
    lines.push(`<line x1="${at + pitch / 2}" y1="${y - 10}" x2="${at + pitch / 2}" y2="${y + h + 10}" stroke="${light}" stroke-width="${pitch * 0.2}"/>`)
  }
  return `<g clip-path="url(#${clipId})"><g transform="rotate(${angle} ${x + w / 2} ${y + h / 2})">${lines.join("")}</g></g>`
}

/** A round sticker with a dashed ring, tilted, in the heading face. */
export const sticker = (x, y, r, bg, fg, label) => {
  const { d, width } = wordPath(label, r / 2.7)
  return `<g transform="translate(${x} ${y}) rotate(-12)">
    <circle r="${r}" fill="${bg}"/>
    <circle r="${r - 14}" fill="none" stroke="${fg}" stroke-width="4" stroke-dasharray="10 8"/>
    <path d="${d}" transform="translate(${-width / 2} ${r / 7.5})" fill="${fg}"/>
  </g>`
}

/** A studio backdrop: the brand's gradient, a floor's light falling off, and film grain on top (call grainLayer last). */
export const backdrop = (w, h, stops, { angle = [0, 0, 1, 1] } = {}) => `
  <linearGradient id="bg" x1="${angle[0]}" y1="${angle[1]}" x2="${angle[2]}" y2="${angle[3]}">
    ${stops.map(([offset, color]) => `<stop offset="${offset}" stop-color="${color}"/>`).join("")}
  </linearGradient>
  <radialGradient id="pool" cx="0.5" cy="0.42" r="0.7">
    <stop offset="0" stop-color="#fff" stop-opacity="0.16"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/>
  </radialGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  <rect width="${w}" height="${h}" fill="url(#pool)"/>`

export const grainLayer = (w, h) => `<rect width="${w}" height="${h}" filter="url(#grain)"/>`

/** A soft contact shadow under an object lying on the backdrop. */
export const contactShadow = (d, { dx = 18, dy = 26, opacity = 0.55 } = {}) =>
  `<path d="${d}" transform="translate(${dx} ${dy})" fill="#000" opacity="${opacity}" filter="url(#shadow)"/>`

// The heading face (Archivo Black, from @fontsource) as outlines: librsvg cannot load web fonts.
const FACE = await (async () => {
  const woff2 = readFileSync("node_modules/@fontsource/archivo-black/files/archivo-black-latin-400-normal.woff2")
  const ttf = await subsetFont(woff2, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .", { targetFormat: "truetype" })
  const face = new hb.Face(new hb.Blob(ttf.buffer.slice(ttf.byteOffset, ttf.byteOffset + ttf.byteLength)))
  return { face, font: new hb.Font(face) }
})()

/**
 * A word in the heading face as one SVG path, `size` pixels high per em, baseline at y=0 and
 * starting at x=0 (y grows downwards, as in SVG); with its advance width.
 */
export const wordPath = (text, size, tracking = 0) => {
  const buffer = new hb.Buffer()
  buffer.addText(text)
  buffer.guessSegmentProperties()
  hb.shape(FACE.font, buffer)
  const scale = size / FACE.face.upem
  let pen = 0
  const parts = []
  const positions = buffer.getGlyphPositions()
  buffer.getGlyphInfos().forEach((glyph, index) => {
    const outline = FACE.font.glyphToPath(glyph.codepoint)
    if (outline) parts.push(transformPath(outline, (x, y) => [(pen + x) * scale, -y * scale]))
    pen += positions[index].xAdvance + tracking / scale
  })
  return { d: parts.join(""), width: pen * scale }
}

/** Maps every point of an absolute M/L/Q/C/Z path (as harfbuzz writes them) through `map`. */
export const transformPath = (d, map) =>
  d.replace(/([MLQCZ])([^MLQCZ]*)/g, (_, command, numbers) => {
    const values = numbers.trim() ? numbers.trim().split(/[ ,]+/).map(Number) : []
    const points = []
    for (let i = 0; i + 1 < values.length; i += 2)
      points.push(
        map(values[i], values[i + 1])
          .map((v) => v.toFixed(1))
          .join(","),
      )
    return command + points.join(" ")
  })
