// A six-panel cap in three-quarter view, modelled rather than outlined: the crown is a dome of
// six panels meeting at a button, the brim a pre-curved visor with rows of stitching, the front
// embroidery wrapped over the panels. Each small patch is shaded by the light falling on it.
import { transformPath, wordPath } from "./kit.mjs"

const rad = (degrees) => (degrees * Math.PI) / 180
const clamp = (value) => Math.min(1, Math.max(0, value))
const mix = (a, b, t) => a.map((channel, index) => Math.round(channel + (b[index] - channel) * t))
const hex = (color) => [1, 3, 5].map((at) => parseInt(color.slice(at, at + 2), 16))
const rgb = ([r, g, b]) => `rgb(${r},${g},${b})`

/**
 * A cap. `at` is its centre on the page, `scale` its size (1: a crown 580 px wide), `yaw` how far
 * it is turned (degrees; negative shows its left side), `pitch` how far from above it is seen,
 * `cloth` [shade, lit] of the twill, `embroidery` { text, color, edge }.
 */
export const cap = ({ id, at: [cx, cy], scale = 1, yaw = -50, pitch = 20, cloth, embroidery }) => {
  const RX = 290 * scale
  const RZ = 320 * scale
  const H = 285 * scale
  const BRIM = 250 * scale
  const [shade, lit] = cloth.map(hex)
  const cosY = Math.cos(rad(yaw))
  const sinY = Math.sin(rad(yaw))
  const cosP = Math.cos(rad(pitch))
  const sinP = Math.sin(rad(pitch))

  /** Object space (x right, y up, z to the front) to the camera: [screen x, screen y, depth]. */
  const view = ([x, y, z]) => {
    const xr = x * cosY + z * sinY
    const zr = -x * sinY + z * cosY
    return [cx + xr, cy - y * cosP + zr * sinP, zr * cosP + y * sinP]
  }
  /** A point of the crown: azimuth `theta` (0 the front), elevation `phi` (0 the headband, 90 the button). */
  const crown = (theta, phi) => {
    const c = Math.cos(rad(phi)) ** 0.62
    const s = Math.sin(rad(phi)) ** 0.9
    // A structured front: the front panels stand taller than the back slopes.
    const front = 1 + 0.08 * Math.cos(rad(theta))
    return [RX * c * Math.sin(rad(theta)), H * s * front, RZ * c * Math.cos(rad(theta))]
  }
  /** A point of the brim: azimuth `theta` across it, `t` from the crown (0) to its edge (1). */
  const brim = (theta, t) => {
    const [bx, , bz] = crown(theta, 0)
    // Longest at the front, running out where the visor meets the sides.
    const reach = BRIM * Math.max(0, Math.cos(rad(theta * 1.4))) ** 0.5
    const out = [Math.sin(rad(theta)) * 0.8, Math.cos(rad(theta))]
    // Curved down towards its sides, and a little all along, in proportion to how far it reaches.
    const droop = reach * t * (0.12 + 0.5 * Math.sin(rad(theta)) ** 2)
    return [bx + out[0] * reach * t, -droop, bz + out[1] * reach * t]
  }

  const light = [-0.5, 0.7, 0.52]
  const normalOf = (surface, a, b, step = 0.5) => {
    const p = surface(a, b)
    const pa = surface(a + step, b)
    const pb = surface(a, b + step)
    const u = pa.map((v, i) => v - p[i])
    const w = pb.map((v, i) => v - p[i])
    const n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]]
    const length = Math.hypot(...n) || 1
    return n.map((v) => v / length)
  }
  /** An object-space direction turned to the camera. */
  const turn = ([x, y, z]) => {
    const xr = x * cosY + z * sinY
    const zr = -x * sinY + z * cosY
    return [xr, y * cosP - zr * sinP, zr * cosP + y * sinP]
  }
  const shadeOf = (normal) => {
    const n = turn(normal)
    const diffuse = clamp(n[0] * light[0] + n[1] * light[1] + n[2] * light[2])
    return rgb(mix(shade, lit, clamp(0.12 + 0.88 * diffuse ** 1.2)))
  }
  const facing = (normal) => turn(normal)[2] > 0
  const point = ([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`

  /** Small patches of a surface, each shaded flat, the ones facing away left out; sorted back to front. */
  const patches = (surface, [a0, a1, aSteps], [b0, b1, bSteps], flip = false) => {
    const out = []
    for (let i = 0; i < aSteps; i += 1) {
      for (let j = 0; j < bSteps; j += 1) {
        const a = a0 + ((a1 - a0) * i) / aSteps
        const b = b0 + ((b1 - b0) * j) / bSteps
        const a2 = a0 + ((a1 - a0) * (i + 1)) / aSteps
        const b2 = b0 + ((b1 - b0) * (j + 1)) / bSteps
        let normal = normalOf(surface, (a + a2) / 2, (b + b2) / 2)
        if (flip) normal = normal.map((v) => -v)
        const corners = [surface(a, b), surface(a2, b), surface(a2, b2), surface(a, b2)].map(view)
        const depth = corners.reduce((sum, [, , d]) => sum + d, 0) / 4
        const visible = facing(normal)
        out.push({ depth, visible, color: visible ? shadeOf(normal) : rgb(shade), d: `M${corners.map(point).join(" L")} Z` })
      }
    }
    return out
  }

  // Turned so that the crown's normals point out of it and the brim's up from its top.
  const crownPatches = patches(crown, [-180, 180, 144], [0, 90, 32])
  const brimPatches = patches(brim, [-64, 64, 96], [0, 1, 14], true)
  const paint = (list) => list.map(({ d, color }) => `<path d="${d}" fill="${color}" stroke="${color}" stroke-width="1.2" stroke-linejoin="round"/>`).join("")
  const visibleCrown = crownPatches.filter((patch) => patch.visible).sort((a, b) => a.depth - b.depth)

  /** A curve over a surface as a polyline, only where the surface faces the camera. */
  const line = (surface, from, to, steps, param, options = {}) => {
    const parts = []
    let current = []
    for (let k = 0; k <= steps; k += 1) {
      const v = from + ((to - from) * k) / steps
      const [a, b] = param(v)
      const normal = normalOf(surface, a, b).map((n) => (options.flip ? -n : n))
      if (facing(normal)) current.push(point(view(surface(a, b))))
      else if (current.length) parts.push(current.splice(0))
    }
    if (current.length) parts.push(current)
    return parts
      .filter((part) => part.length > 1)
      .map((part) => `M${part.join(" L")}`)
      .join(" ")
  }

  const seams = [-120, -60, 0, 60, 120, 180].map((theta) => {
    const seamLine = line(crown, 0, 88, 30, (phi) => [theta, phi])
    const side = (offset) => line(crown, 2, 86, 30, (phi) => [theta + offset / Math.max(0.25, Math.cos(rad(phi))), phi])
    return `<path d="${seamLine}" fill="none" stroke="rgba(0,0,0,0.7)" stroke-width="${4 * scale}"/>
      <path d="${side(2.2)} ${side(-2.2)}" fill="none" stroke="rgba(255,255,255,0.2)" stroke-width="${2.2 * scale}" stroke-dasharray="${7 * scale} ${5 * scale}"/>`
  })

  const eyelets = [-150, -90, -30, 30, 90, 150].map((theta) => {
    if (!facing(normalOf(crown, theta, 66))) return ""
    const ring = Array.from({ length: 20 }, (_, k) => {
      const angle = (k / 20) * Math.PI * 2
      return point(view(crown(theta + (2.4 * Math.cos(angle)) / Math.cos(rad(66)), 66 + 2.4 * Math.sin(angle))))
    })
    return `<path d="M${ring.join(" L")} Z" fill="rgba(0,0,0,0.8)" stroke="rgba(255,255,255,0.3)" stroke-width="${4 * scale}"/>`
  })

  const stitchRows = [0.16, 0.32, 0.48, 0.64, 0.8, 0.93].map(
    (t) =>
      `<path d="${line(brim, -62, 62, 60, (theta) => [theta, t], { flip: true })}" fill="none" stroke="rgba(255,255,255,0.22)" stroke-width="${2.2 * scale}" stroke-dasharray="${7 * scale} ${5 * scale}"/>`,
  )
  const brimEdge = () => {
    // The visor's thickness, where its edge faces the camera.
    const thetas = Array.from({ length: 61 }, (_, k) => -64 + (128 * k) / 60)
    const shown = thetas.filter((theta) => turn([Math.sin(rad(theta)) * 0.8, 0, Math.cos(rad(theta))])[2] > 0)
    const top = shown.map((theta) => view(brim(theta, 1)))
    const under = top.map(([x, y]) => [x, y + 14 * scale])
    return `<path d="M${top.map(point).join(" L")} L${under.reverse().map(point).join(" L")} Z" fill="${rgb(mix(shade, [0, 0, 0], 0.4))}"/>`
  }

  const embroider = () => {
    const size = 200 * scale
    const { d, width } = wordPath(embroidery.text, size, -4 * scale)
    // Glyph space to the front panels: across in azimuth, up in elevation, centred on the front seam.
    const wrapped = transformPath(d, (x, y) => {
      const across = (x - width / 2) / (RX * 0.92)
      const up = -y / H
      return view(crown((across * 180) / Math.PI, 14 + up * 60)).slice(0, 2)
    })
    return `<clipPath id="${id}-embroidery"><path d="${wrapped}"/></clipPath>
      <path d="${wrapped}" transform="translate(${4 * scale} ${6 * scale})" fill="rgba(0,0,0,0.6)" filter="url(#crease)"/>
      <path d="${wrapped}" fill="${embroidery.color}" stroke="${embroidery.edge}" stroke-width="${5 * scale}" stroke-linejoin="round"/>
      <g clip-path="url(#${id}-embroidery)" opacity="0.5">${Array.from(
        { length: 90 },
        (_, k) =>
          `<line x1="${cx - 700 + k * 16}" y1="${cy - 700}" x2="${cx - 400 + k * 16}" y2="${cy + 300}" stroke="${embroidery.edge}" stroke-width="${3 * scale}"/>`,
      ).join("")}</g>`
  }

  const top = view(crown(0, 90))
  const button = `<ellipse cx="${top[0]}" cy="${top[1] + 4 * scale}" rx="${22 * scale}" ry="${13 * scale}" fill="${rgb(mix(shade, lit, 0.35))}" stroke="rgba(0,0,0,0.7)" stroke-width="${3 * scale}"/>`
  const outline = [...crownPatches.filter((patch) => patch.visible), ...brimPatches].map(({ d }) => d).join(" ")
  const shadow = `<ellipse cx="${cx + 20 * scale}" cy="${cy + 150 * scale}" rx="${430 * scale}" ry="${70 * scale}" fill="#000" opacity="0.5" filter="url(#shadow)"/>`

  // Turned to show its front, the visor lies in front of the crown.
  const brimLayer = `${paint(brimPatches.filter((patch) => patch.visible))}${brimEdge()}${stitchRows.join("")}`
  const defs = `<clipPath id="${id}-cloth"><path d="${outline}"/></clipPath>`
  const drawing = `
    ${shadow}
    ${paint(visibleCrown)}
    ${seams.join("")}${eyelets.join("")}
    ${embroider()}
    ${button}
    ${brimLayer}
    <g clip-path="url(#${id}-cloth)" opacity="0.55" style="mix-blend-mode:overlay"><rect x="${cx - 700}" y="${cy - 600}" width="1400" height="1100" filter="url(#twill)"/></g>`
  return { defs, drawing }
}
