// `npm run fonts`: cuts the heading face (Archivo Black, SIL Open Font License) down to the
// characters headings use. Headings are set in capitals (text-transform), so lower case is
// left out; a character outside the subset falls back to "Arial Black". The output is committed.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs"
import subsetFont from "subset-font"

const SOURCE = "node_modules/@fontsource/archivo-black/files/archivo-black-latin-400-normal.woff2"
const TARGET = "static/fonts/archivo-black-caps.woff2"

const ASCII_CAPS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
const PUNCTUATION = ` !"#$%&'()*+,-./:;<=>?@[]_{}|~`
const TYPOGRAPHY = "‘’“”–—…€£©®™•·°"
const LATIN_CAPS = "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞŒŠŽŸ"

const main = async () => {
  const source = readFileSync(SOURCE)
  const subset = await subsetFont(source, ASCII_CAPS + PUNCTUATION + TYPOGRAPHY + LATIN_CAPS, { targetFormat: "woff2" })
  mkdirSync("static/fonts", { recursive: true })
  writeFileSync(TARGET, subset)
  console.log(`${TARGET}: ${subset.length} bytes (from ${source.length})`)
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
