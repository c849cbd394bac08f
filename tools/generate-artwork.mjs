// Renders the slide artwork, the drop's pieces, social preview and app icon from SVG with sharp.
// The outputs are committed; run `node tools/generate-artwork.mjs` after changing a design, or
// `node tools/generate-artwork.mjs drop-hoodie drop-cap` to render only the pictures named.
import sharp from "sharp"
import { mkdirSync } from "node:fs"

const grain = `
  <filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="2" stitchTiles="stitch"/>
  <feColorMatrix values="0 0 0 0 1  0 0 0 0 1  0 0 0 0 1  0 0 0 0.08 0"/></filter>`

const tee = (x, y, s, fill, stroke) => `
  <g transform="translate(${x} ${y}) scale(${s})">
    <path d="M-60 -100 L-150 -60 L-190 40 L-120 70 L-105 20 L-105 200 L105 200 L105 20 L120 70 L190 40 L150 -60 L60 -100 C45 -60 -45 -60 -60 -100 Z"
      fill="${fill}" stroke="${stroke}" stroke-width="6" stroke-linejoin="round"/>
  </g>`

const grid = (color) =>
  Array.from({ length: 24 }, (_, i) => `<line x1="${i * 90}" y1="0" x2="${i * 90}" y2="1080" stroke="${color}" stroke-width="1"/>`).join("") +
  Array.from({ length: 13 }, (_, i) => `<line x1="0" y1="${i * 90}" x2="1920" y2="${i * 90}" stroke="${color}" stroke-width="1"/>`).join("")

const sticker = (x, y, r, bg, fg, label) => `
  <g transform="translate(${x} ${y}) rotate(-12)">
    <circle r="${r}" fill="${bg}"/>
    <circle r="${r - 14}" fill="none" stroke="${fg}" stroke-width="4" stroke-dasharray="10 8"/>
    <text y="14" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${r / 2.6}" fill="${fg}">${label}</text>
  </g>`

const slides = {
  "slide-apparel": `
  <svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080" viewBox="0 0 1920 1080">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#1b0f3a"/><stop offset="0.55" stop-color="#5b1a6b"/><stop offset="1" stop-color="#ff5a36"/>
      </linearGradient>${grain}
    </defs>
    <rect width="1920" height="1080" fill="url(#bg)"/>
    ${grid("rgba(255,255,255,0.06)")}
    <text x="-40" y="1010" font-family="DejaVu Sans" font-weight="bold" font-size="900" fill="none" stroke="rgba(255,255,255,0.18)" stroke-width="6" letter-spacing="-40">94</text>
    ${tee(1240, 470, 2.1, "#d4ff3a", "#0d0d0d")}
    <text x="1240" y="560" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="120" fill="#0d0d0d" letter-spacing="-4">B94</text>
    ${tee(760, 620, 1.1, "#0d0d0d", "#ff3d7f")}
    ${sticker(1650, 220, 130, "#ff3d7f", "#0d0d0d", "NEW")}
    <rect width="1920" height="1080" filter="url(#grain)"/>
  </svg>`,
  "slide-accessories": `
  <svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080" viewBox="0 0 1920 1080">
    <defs>
      <linearGradient id="bg" x1="0" y1="1" x2="1" y2="0">
        <stop offset="0" stop-color="#0d0d0d"/><stop offset="0.6" stop-color="#123c2e"/><stop offset="1" stop-color="#d4ff3a"/>
      </linearGradient>${grain}
    </defs>
    <rect width="1920" height="1080" fill="url(#bg)"/>
    ${grid("rgba(212,255,58,0.07)")}
    <g transform="translate(620 600)">
      <path d="M-300 40 C-300 -220 300 -220 300 40 Z" fill="#ff3d7f" stroke="#0d0d0d" stroke-width="10"/>
      <path d="M260 40 L470 70 C480 90 470 110 440 110 L-300 60 Z" fill="#ff3d7f" stroke="#0d0d0d" stroke-width="10"/>
      <circle cx="0" cy="-178" r="22" fill="#0d0d0d"/>
      <text x="0" y="-30" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="120" fill="#0d0d0d">94</text>
    </g>
    <g transform="translate(1380 560) rotate(8)">
      <rect x="-190" y="-260" width="380" height="520" rx="90" fill="#f5f3ee" stroke="#0d0d0d" stroke-width="10"/>
      <rect x="-130" y="20" width="260" height="180" rx="40" fill="#d4ff3a" stroke="#0d0d0d" stroke-width="10"/>
      <path d="M-110 -260 C-110 -380 110 -380 110 -260" fill="none" stroke="#0d0d0d" stroke-width="26"/>
      <text x="0" y="130" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="70" fill="#0d0d0d">GEAR</text>
    </g>
    ${sticker(260, 200, 120, "#d4ff3a", "#0d0d0d", "DROP")}
    <rect width="1920" height="1080" filter="url(#grain)"/>
  </svg>`,
  "slide-home": `
  <svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080" viewBox="0 0 1920 1080">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="#ff3d7f"/><stop offset="0.5" stop-color="#7b2ff7"/><stop offset="1" stop-color="#1e3a8a"/>
      </linearGradient>${grain}
    </defs>
    <rect width="1920" height="1080" fill="url(#bg)"/>
    ${grid("rgba(255,255,255,0.07)")}
    <circle cx="1500" cy="300" r="190" fill="#ffd23f"/>
    <g transform="translate(640 640)">
      <rect x="-200" y="-220" width="400" height="440" rx="40" fill="#f5f3ee" stroke="#0d0d0d" stroke-width="12"/>
      <path d="M200 -120 C340 -120 340 120 200 120" fill="none" stroke="#0d0d0d" stroke-width="40"/>
      <path d="M200 -120 C340 -120 340 120 200 120" fill="none" stroke="#f5f3ee" stroke-width="18"/>
      <text x="0" y="40" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="150" fill="#0d0d0d">94</text>
      <path d="M-120 -270 C-150 -320 -90 -350 -120 -400 M0 -270 C-30 -320 30 -350 0 -400 M120 -270 C90 -320 150 -350 120 -400" fill="none" stroke="#f5f3ee" stroke-width="12" stroke-linecap="round"/>
    </g>
    <g transform="translate(1340 760)">
      <path d="M-120 -40 L120 -40 L90 200 L-90 200 Z" fill="#d4ff3a" stroke="#0d0d0d" stroke-width="10"/>
      <path d="M0 -40 C-40 -200 -220 -220 -200 -120 C-180 -60 -60 -60 0 -40 Z" fill="#12a150" stroke="#0d0d0d" stroke-width="8"/>
      <path d="M0 -40 C40 -220 220 -260 210 -150 C200 -80 60 -60 0 -40 Z" fill="#12a150" stroke="#0d0d0d" stroke-width="8"/>
    </g>
    ${sticker(260, 880, 110, "#0d0d0d", "#d4ff3a", "HOME")}
    <rect width="1920" height="1080" filter="url(#grain)"/>
  </svg>`,
}

/** The drop's pieces: square product shots on brand gradients (content/drops.json names them). */
const dropPieces = {
  // A black hoodie seen from the back, a lime puff-print 94 across it, on purple to orange.
  "drop-hoodie": `
  <svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="#1b0f3a"/><stop offset="0.55" stop-color="#5b1a6b"/><stop offset="1" stop-color="#ff5a36"/>
      </linearGradient>
      <linearGradient id="cloth" x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stop-color="#0b0b0b"/><stop offset="0.5" stop-color="#1c1c1c"/><stop offset="1" stop-color="#0b0b0b"/>
      </linearGradient>${grain}
    </defs>
    <rect width="1200" height="1200" fill="url(#bg)"/>
    ${grid("rgba(255,255,255,0.06)")}
    <ellipse cx="600" cy="1050" rx="360" ry="34" fill="rgba(0,0,0,0.35)"/>
    <g stroke="#000" stroke-width="6" stroke-linejoin="round">
      <path d="M372 372 L222 868 L322 900 L430 540 Z" fill="url(#cloth)"/>
      <path d="M828 372 L978 868 L878 900 L770 540 Z" fill="url(#cloth)"/>
      <path d="M214 862 L322 896 L306 958 L196 924 Z" fill="#151515"/>
      <path d="M986 862 L878 896 L894 958 L1004 924 Z" fill="#151515"/>
      <path d="M372 372 Q600 318 828 372 L808 958 L392 958 Z" fill="url(#cloth)"/>
      <rect x="386" y="946" width="428" height="64" rx="14" fill="#151515"/>
      <path d="M430 392 C412 236 506 150 600 150 C694 150 788 236 770 392 C712 430 488 430 430 392 Z" fill="#171717"/>
    </g>
    <path d="M600 156 L600 412" stroke="#2c2c2c" stroke-width="4"/>
    <path d="M392 960 L808 960 M208 880 L318 914 M992 880 L882 914" stroke="#2c2c2c" stroke-width="3" stroke-dasharray="8 8"/>
    <g font-family="DejaVu Sans" font-weight="bold" font-size="330" text-anchor="middle" letter-spacing="-12">
      <text x="610" y="792" fill="#5c7417" stroke="#5c7417" stroke-width="22" stroke-linejoin="round">94</text>
      <text x="600" y="780" fill="#d4ff3a" stroke="#d4ff3a" stroke-width="22" stroke-linejoin="round">94</text>
      <text x="594" y="772" fill="none" stroke="#efffb0" stroke-width="5" stroke-linejoin="round" opacity="0.7">94</text>
    </g>
    ${sticker(1010, 190, 110, "#d4ff3a", "#0d0d0d", "DROP")}
    <rect width="1200" height="1200" filter="url(#grain)"/>
  </svg>`,
  // A black six-panel cap in three-quarter view, a lime embroidered 94 on the front, on dark green.
  "drop-cap": `
  <svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200">
    <defs>
      <linearGradient id="bg" x1="0" y1="1" x2="1" y2="0">
        <stop offset="0" stop-color="#0d0d0d"/><stop offset="0.6" stop-color="#123c2e"/><stop offset="1" stop-color="#2f7a4f"/>
      </linearGradient>
      <radialGradient id="crown" cx="0.42" cy="0.35" r="0.75">
        <stop offset="0" stop-color="#262626"/><stop offset="1" stop-color="#0a0a0a"/>
      </radialGradient>${grain}
    </defs>
    <rect width="1200" height="1200" fill="url(#bg)"/>
    ${grid("rgba(212,255,58,0.07)")}
    <ellipse cx="600" cy="960" rx="390" ry="40" fill="rgba(0,0,0,0.4)"/>
    <g stroke="#000" stroke-width="7" stroke-linejoin="round">
      <path d="M300 720 C290 440 440 300 630 300 C820 300 930 450 920 720 C760 760 460 760 300 720 Z" fill="url(#crown)"/>
      <path d="M300 716 C460 760 760 760 920 716 C930 770 900 800 880 806 C700 900 420 940 220 880 C170 860 190 790 300 716 Z" fill="#141414"/>
    </g>
    <g fill="none" stroke="#333" stroke-width="4">
      <path d="M630 304 C520 380 470 560 480 748"/>
      <path d="M630 304 C640 420 650 600 640 756"/>
      <path d="M630 304 C760 380 830 560 820 740"/>
      <path d="M250 846 C480 900 740 860 880 800" stroke-dasharray="10 8"/>
      <path d="M236 820 C470 872 730 836 892 772" stroke-dasharray="10 8"/>
    </g>
    <circle cx="630" cy="302" r="20" fill="#141414" stroke="#000" stroke-width="5"/>
    <circle cx="470" cy="460" r="9" fill="#2c2c2c"/><circle cx="790" cy="450" r="9" fill="#2c2c2c"/>
    <g font-family="DejaVu Sans" font-weight="bold" font-size="190" text-anchor="middle" letter-spacing="-6">
      <text x="560" y="652" fill="#d4ff3a" transform="rotate(-4 560 600)">94</text>
      <text x="560" y="652" fill="none" stroke="#8fb020" stroke-width="3" stroke-dasharray="6 5" transform="rotate(-4 560 600)">94</text>
    </g>
    ${sticker(1000, 210, 110, "#ff3d7f", "#0d0d0d", "DROP")}
    <rect width="1200" height="1200" filter="url(#grain)"/>
  </svg>`,
}

const social = `
  <svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
    <rect width="1200" height="630" fill="#0d0d0d"/>
    ${grid("rgba(212,255,58,0.08)")}
    <text x="70" y="600" font-family="DejaVu Sans" font-weight="bold" font-size="560" fill="none" stroke="rgba(255,61,127,0.35)" stroke-width="5">94</text>
    <text x="80" y="250" font-family="DejaVu Sans" font-weight="bold" font-size="130" fill="#f5f3ee" letter-spacing="-4">BLOCK 94</text>
    <text x="84" y="340" font-family="DejaVu Sans" font-weight="bold" font-size="58" fill="#d4ff3a">Your Block. Your Drip.</text>
    <rect x="84" y="400" width="360" height="84" rx="42" fill="#d4ff3a"/>
    <text x="264" y="454" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#0d0d0d">JOIN THE DROP</text>
    ${tee(1020, 360, 0.85, "#ff3d7f", "#0d0d0d")}
  </svg>`

const icon = `
  <svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
    <rect width="512" height="512" rx="96" fill="#0d0d0d"/>
    <rect x="36" y="36" width="440" height="440" rx="72" fill="#d4ff3a"/>
    <text x="256" y="330" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="230" fill="#0d0d0d" letter-spacing="-10">94</text>
  </svg>`

/** The pictures named on the command line, or all of them. */
const only = new Set(process.argv.slice(2))
const wanted = (name) => only.size === 0 || only.has(name)

mkdirSync("content/images", { recursive: true })
mkdirSync("static", { recursive: true })
for (const [name, svg] of Object.entries(slides)) {
  if (wanted(name)) await sharp(Buffer.from(svg)).jpeg({ quality: 88, mozjpeg: true }).toFile(`content/images/${name}.jpg`)
}
for (const [name, svg] of Object.entries(dropPieces)) {
  if (wanted(name)) await sharp(Buffer.from(svg)).jpeg({ quality: 86, mozjpeg: true }).toFile(`content/images/${name}.jpg`)
}
if (wanted("social-preview")) await sharp(Buffer.from(social)).png({ compressionLevel: 9, palette: true }).toFile("static/social-preview.png")
if (wanted("icon")) await sharp(Buffer.from(icon)).png().toFile("content/images/icon.png")
console.log("artwork written")
