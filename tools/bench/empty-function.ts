// The floor under every Gatsby Function's figures: a Function that does nothing, compiled by
// `gatsby build` and served by `gatsby serve` in a site of its own. Gatsby wraps every Function
// in code of its own (body parsers, multer, the check of its exported config), bundles it into the
// Function's one file, and `gatsby serve` loads that file again on every request; none of this
// can be changed from a site (Gatsby 5 has no webpack hook for Functions). What this Function
// costs, ours cannot go below. Used by bench:functions and bench:signup.
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"

const ROOT = resolve(__dirname, "..", "..")

/** Its route, the same as our signup Function's, so a load run posts to the same path. */
export const EMPTY_FUNCTION_ROUTE = "signup"

/** A site of one empty Function, built once per process; its folder. */
let built: string | null = null

export const emptyFunctionSite = (): string => {
  if (built) return built
  const site = mkdtempSync(join(tmpdir(), "block94-empty-function-"))
  mkdirSync(join(site, "src", "api"), { recursive: true })
  mkdirSync(join(site, "src", "pages"), { recursive: true })
  writeFileSync(
    join(site, "package.json"),
    JSON.stringify({ name: "empty-function", private: true, dependencies: { gatsby: "*", react: "*", "react-dom": "*" } }),
  )
  writeFileSync(join(site, "gatsby-config.js"), "module.exports = {}\n")
  writeFileSync(
    join(site, "src", "pages", "index.js"),
    'import * as React from "react"\nexport default function Index() { return React.createElement("p", null, "ok") }\n',
  )
  // Answers as our Function answers a new signup, doing nothing else.
  writeFileSync(
    join(site, "src", "api", `${EMPTY_FUNCTION_ROUTE}.js`),
    "export default function handler(req, res) {\n  res.status(201).json({ ok: true })\n}\n",
  )
  symlinkSync(join(ROOT, "node_modules"), join(site, "node_modules"), "dir")
  console.error(`bench: building a site of one empty Gatsby Function in ${site}`)
  execFileSync(process.execPath, [join(ROOT, "node_modules", "gatsby", "cli.js"), "build"], {
    cwd: site,
    env: { ...process.env, GATSBY_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
    stdio: ["ignore", "ignore", "inherit"],
  })
  const compiled = join(site, ".cache", "functions", `${EMPTY_FUNCTION_ROUTE}.js`)
  if (!existsSync(compiled)) throw new Error(`gatsby build made no ${compiled}`)
  built = site
  return site
}

/** The empty Function's compiled bundle. */
export const emptyFunctionBundle = (): string => join(emptyFunctionSite(), ".cache", "functions", `${EMPTY_FUNCTION_ROUTE}.js`)
