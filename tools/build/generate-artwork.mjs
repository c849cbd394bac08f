// Renders the drawn pictures from SVG with sharp: the carousel's slides (16:9), the drop's pieces
// (4:5), the social previews (the site's, and a shared referral link's) and the app icon. They stand in for photographs: an editor replaces
// any of them with a photo of the same name (or names a new file in content/). The drawings are in
// tools/build/artwork/: garments with fabric grain, folds, seams, ribbing and stitching, the caps modelled.
// The outputs are committed; run `node tools/build/generate-artwork.mjs` after changing a drawing, or
// `node tools/build/generate-artwork.mjs drop-hoodie drop-cap` to render only the pictures named.
import sharp from "sharp"
import { mkdirSync } from "node:fs"
import { BONE, FILTERS, INK, LIME, PINK, backdrop, grainLayer, sticker, wordPath } from "./artwork/kit.mjs"
import { hoodie } from "./artwork/hoodie.mjs"
import { cap } from "./artwork/cap.mjs"
import { teeStack } from "./artwork/tee.mjs"
import { mug, pottedPlant, slingBag } from "./artwork/goods.mjs"

const SLIDE = [1920, 1080]
const PIECE = [1200, 1500]

/** One picture: its canvas, backdrop, drawings (each { defs, drawing }) and what goes over them; film grain unless `grain` is false. */
const picture = ([w, h], stops, parts, over = "", angle, grain = true) => `
  <svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
    <defs>${FILTERS}${parts.map(({ defs }) => defs).join("")}
    ${backdrop(w, h, stops, { angle })}
    ${parts.map(({ drawing }) => drawing).join("")}
    ${over}
    ${grain ? grainLayer(w, h) : ""}
  </svg>`

/** A drawing moved and scaled into place. */
const placed = ({ defs, drawing }, x, y, scale = 1) => ({ defs, drawing: `<g transform="translate(${x} ${y}) scale(${scale})">${drawing}</g>` })

const blackHoodieBack = (id) => hoodie({ id, view: "back", cloth: ["#383838", "#0d0d0d"], rib: "#161616", print: { text: "94", color: LIME, edge: "#a6c92a" } })

// Stickers sit in the top corners: the slides' captions cover the bottom left, the arrows the middle of each side.
const slides = {
  // A heather-grey hoodie from the front (drawstrings, pocket) and a stack of folded heavyweight tees.
  "slide-apparel": () =>
    picture(
      SLIDE,
      [
        [0, "#1b0f3a"],
        [0.55, "#5b1a6b"],
        [1, "#ff5a36"],
      ],
      [
        placed(hoodie({ id: "grey", view: "front", cloth: ["#a3a3a3", "#5f5f5f"], rib: "#727272", drawstring: LIME, depth: 0.45 }), 330, 70, 0.78),
        teeStack({
          id: "tees",
          at: [1180, 420],
          size: [480, 300],
          tees: [
            { cloth: ["#f7f4ee", "#cfcac0"], rib: "#e4dfd5", label: INK, print: { ...wordPath("94", 70), color: INK } },
            { cloth: ["#3a3a3a", "#121212"] },
            { cloth: ["#ff6b9a", "#c8285d"] },
            { cloth: ["#dfff7a", "#9fc21f"] },
          ],
        }),
      ],
      sticker(1700, 190, 120, PINK, INK, "NEW"),
    ),
  // A pink six-panel cap and a black sling bag on its webbing strap.
  "slide-accessories": () =>
    picture(
      SLIDE,
      [
        [0, "#0d0d0d"],
        [0.6, "#123c2e"],
        [1, "#6f9a2a"],
      ],
      [
        cap({ id: "pinkcap", at: [620, 560], scale: 0.85, yaw: -48, cloth: ["#7a1637", "#ff6b9a"], embroidery: { text: "94", color: BONE, edge: "#cfc9bd" } }),
        slingBag({ id: "bag", at: [1390, 640], cloth: ["#2e2e2e", "#0f0f0f"], webbing: "#1d1d1d", patch: { text: "94", color: LIME, ink: INK } }),
      ],
      sticker(250, 190, 115, LIME, INK, "DROP"),
      [0, 1, 1, 0],
    ),
  // A 94 mug of coffee and a plant on a warm wall.
  "slide-home": () =>
    picture(
      SLIDE,
      [
        [0, "#ff3d7f"],
        [0.5, "#7b2ff7"],
        [1, "#1e3a8a"],
      ],
      [
        mug({ id: "mug", at: [700, 560], glaze: [BONE, "#b9b3a8"], mark: { text: "94", color: INK } }),
        pottedPlant({ id: "plant", at: [1300, 480], pot: [LIME, "#87a51c"], leaf: ["#2fbf6a", "#0e6b3a"] }),
      ],
      sticker(1690, 190, 110, INK, LIME, "HOME"),
      [0, 0, 1, 0],
    ),
}

/** The drop's pieces, 4:5 as shop pictures are (content/drops.json names them). */
const dropPieces = {
  // The black hoodie from the back, where its lime puff-print 94 is, lying flat on purple to orange.
  "drop-hoodie": () =>
    picture(
      PIECE,
      [
        [0, "#1b0f3a"],
        [0.55, "#5b1a6b"],
        [1, "#ff5a36"],
      ],
      [placed(blackHoodieBack("back"), 30, 130, 0.95)],
      sticker(1040, 170, 100, LIME, INK, "DROP"),
    ),
  // The black six-panel cap in three-quarter view, lime 94 embroidered across its front panels, on dark green.
  "drop-cap": () =>
    picture(
      PIECE,
      [
        [0, "#0d0d0d"],
        [0.6, "#123c2e"],
        [1, "#2f7a4f"],
      ],
      [cap({ id: "cap", at: [650, 820], scale: 1.12, yaw: -50, cloth: ["#060606", "#444444"], embroidery: { text: "94", color: LIME, edge: "#9fc21f" } })],
      sticker(1040, 170, 100, PINK, INK, "DROP"),
      [0, 1, 1, 0],
    ),
}

/**
 * A link card (1200 x 630, an og:image): the hoodie's back on the right over a gradient, lines of
 * words on the left, and a pill button under them whose top is at `buttonTop`.
 */
const linkCard = ({ id, stops, hoodieX, lines, button, buttonTop }) => {
  const pill = wordPath(button, 30)
  const words = lines.map(
    ({ text, size, tracking, x, y, fill }) => `<path d="${wordPath(text, size, tracking).d}" transform="translate(${x} ${y})" fill="${fill}"/>`,
  )
  return picture(
    [1200, 630],
    stops,
    [placed(blackHoodieBack(id), hoodieX, 30, 0.42)],
    `${words.join("\n     ")}
     <rect x="84" y="${buttonTop}" width="${pill.width + 80}" height="84" rx="42" fill="${LIME}"/>
     <path d="${pill.d}" transform="translate(124 ${buttonTop + 53})" fill="${INK}"/>`,
    undefined,
    false,
  )
}

/** The site's card. */
const social = () =>
  linkCard({
    id: "social",
    stops: [
      [0, "#0d0d0d"],
      [1, "#1a1a1a"],
    ],
    hoodieX: 690,
    lines: [
      { text: "BLOCK 94", size: 118, tracking: -2, x: 80, y: 250, fill: BONE },
      { text: "YOUR BLOCK. YOUR DRIP.", size: 46, x: 84, y: 330, fill: LIME },
    ],
    button: "JOIN THE DROP",
    buttonTop: 400,
  })

/** The card of a shared referral link (the friend page's og:image): a friend put you on, your spot is saved. */
const friendSocial = () =>
  linkCard({
    id: "friend",
    stops: [
      [0, "#1b0f3a"],
      [0.6, "#5b1a6b"],
      [1, "#ff5a36"],
    ],
    hoodieX: 720,
    lines: [
      { text: "A FRIEND", size: 96, tracking: -2, x: 80, y: 200, fill: BONE },
      { text: "PUT YOU ON", size: 96, tracking: -2, x: 80, y: 300, fill: BONE },
      { text: "YOUR SPOT IS SAVED", size: 40, x: 84, y: 372, fill: LIME },
    ],
    button: "TAKE YOUR SPOT",
    buttonTop: 430,
  })

const icon = `
  <svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
    <rect width="512" height="512" rx="96" fill="${INK}"/>
    <rect x="36" y="36" width="440" height="440" rx="72" fill="${LIME}"/>
    <path d="${wordPath("94", 240).d}" transform="translate(${256 - wordPath("94", 240).width / 2} 340)" fill="${INK}"/>
  </svg>`

/** The pictures named on the command line, or all of them. */
const only = new Set(process.argv.slice(2))
const wanted = (name) => only.size === 0 || only.has(name)

mkdirSync("content/images", { recursive: true })
mkdirSync("static", { recursive: true })
for (const [name, svg] of Object.entries({ ...slides, ...dropPieces })) {
  if (wanted(name)) await sharp(Buffer.from(svg())).jpeg({ quality: 84, mozjpeg: true }).toFile(`content/images/${name}.jpg`)
}
if (wanted("social-preview")) await sharp(Buffer.from(social())).png({ compressionLevel: 9, palette: true, colours: 96 }).toFile("static/social-preview.png")
if (wanted("social-preview-friend"))
  await sharp(Buffer.from(friendSocial())).png({ compressionLevel: 9, palette: true, colours: 96 }).toFile("static/social-preview-friend.png")
if (wanted("icon")) await sharp(Buffer.from(icon)).png().toFile("content/images/icon.png")
console.log("artwork written")
