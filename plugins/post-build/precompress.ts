/**
 * Brotli and gzip copies of every compressible file in the build (`app.js.br`, `app.js.gz`), made
 * once at their strongest settings, so a server sends them as they are instead of compressing
 * on every request (the production server does; CDNs that compress themselves ignore them).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"

const COMPRESSIBLE = /\.(html|js|css|json|svg|xml|txt|webmanifest)$/
/** Below this, compression saves too little to be worth a second file. */
const MIN_BYTES = 1024

const filesIn = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? filesIn(path) : [path]
  })

/** Writes the compressed copies; returns how many files got them. */
export const precompress = (publicDir: string): number => {
  const files = filesIn(publicDir).filter((file) => COMPRESSIBLE.test(file) && statSync(file).size >= MIN_BYTES)
  for (const file of files) {
    const bytes = readFileSync(file)
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    )
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
  }
  return files.length
}
