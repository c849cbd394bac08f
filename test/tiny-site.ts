/** A built site as small as the production server needs (a page, the 404 page, the headers file), for server tests. */
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

export const tinySite = (): string => {
  const dir = mkdtempSync(join(tmpdir(), "block94-tiny-site-"))
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>Block 94</title><h1>Block 94</h1>")
  writeFileSync(join(dir, "404.html"), "<!doctype html><title>Not found</title><h1>404 Page Not Found</h1>")
  writeFileSync(join(dir, "_headers"), "/*\n  X-Content-Type-Options: nosniff\n  Cache-Control: public, max-age=0, must-revalidate\n")
  return dir
}
