// docs/settings.md names every environment variable the code reads: a setting added without a row
// there fails here, named with the files that read it.
import { readdirSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import ts from "typescript"

const ROOT = resolve(__dirname, "../..")
const SETTINGS_PAGE = "docs/settings.md"

/** Where code that reads the environment lives; unit tests (`__tests__`) only set it for the code they test. */
const CODE_FOLDERS = ["src", "plugins", "tools", "test", "e2e"]
const ROOT_FILES = /^(gatsby-[a-z]+|playwright\.config|jest\.config|eslint\.config)\.(ts|tsx|js|mjs)$/
const SOURCE_FILE = /\.(ts|tsx|js|mjs|cjs|sh)$/
const SHELL_SCRIPT = /(\.sh|^\.ci\/run)$/

/** The server's settings modules: settings/, and a part's own settings.ts beside its code. */
const SETTINGS_MODULE = /^src\/server\/(.+\/)?settings(\/|\.ts$)/
/** The server's settings readers (src/server/settings/): each takes a setting's name first. */
const NAME_READERS = new Set(["readSetting", "readSecret", "secretProblem"])

/** Variables the code reads that are nobody's setting: the system's and npm's own. */
const NOT_SETTINGS: Record<string, string> = {
  PATH: "the system's search path, handed on to child processes",
  HOME: "the user's home, where tools/node24.sh caches Node 24 without XDG_CACHE_HOME",
  INIT_CWD: "npm's: the folder a command was typed in",
  BUILD_STAGE: "Gatsby's: the build a bundle is made for (the browser's or the server rendering's), fixed when it is compiled",
}

const ENV_NAME = /^[A-Z][A-Z0-9_]*$/

/** `process.env`, `globalThis.process.env`, `globalThis.process?.env`, and nothing else. */
const isProcessEnv = (node: ts.Node): boolean => {
  if (!ts.isPropertyAccessExpression(node) || node.name.text !== "env") return false
  const owner = node.expression
  if (ts.isIdentifier(owner)) return owner.text === "process"
  return ts.isPropertyAccessExpression(owner) && owner.name.text === "process" && ts.isIdentifier(owner.expression) && owner.expression.text === "globalThis"
}

/** The environment variables one source file reads, by every pattern the code uses. */
function variablesRead(fileName: string, text: string): Set<string> {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
  const inSettings = SETTINGS_MODULE.test(fileName)
  const aliases = new Set<string>()
  const names = new Set<string>()
  const add = (name: string) => ENV_NAME.test(name) && names.add(name)
  // `const env = process.env` first, so `env.NAME` counts wherever it comes in the file.
  const findAliases = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && isProcessEnv(node.initializer)) aliases.add(node.name.text)
    ts.forEachChild(node, findAliases)
  }
  const isEnv = (node: ts.Node) => isProcessEnv(node) || (ts.isIdentifier(node) && aliases.has(node.text))
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && isEnv(node.expression)) add(node.name.text)
    if (ts.isElementAccessExpression(node) && isEnv(node.expression) && ts.isStringLiteralLike(node.argumentExpression)) add(node.argumentExpression.text)
    if (ts.isVariableDeclaration(node) && ts.isObjectBindingPattern(node.name) && node.initializer && isEnv(node.initializer)) {
      for (const element of node.name.elements) {
        const key = element.propertyName ?? element.name
        if (ts.isIdentifier(key) || ts.isStringLiteral(key)) add(key.text)
      }
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && NAME_READERS.has(node.expression.text)) {
      const [first] = node.arguments
      if (first && ts.isStringLiteralLike(first)) add(first.text)
    }
    // The settings modules hand names to their own helpers and keep lists of them (the secrets,
    // the serverless platforms' markers): every name-shaped string or key there is one read.
    // Elsewhere a name-shaped string is only a message's word.
    if (inSettings && ts.isStringLiteralLike(node)) add(node.text)
    if (inSettings && ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) add(node.name.text)
    ts.forEachChild(node, visit)
  }
  findAliases(source)
  visit(source)
  return names
}

/** The variables a shell script reads: `$NAME` and `${NAME...}`. */
function shellVariablesRead(text: string): Set<string> {
  const code = text.replace(/^\s*#.*$/gm, "")
  return new Set([...code.matchAll(/\$\{?([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]))
}

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`
    if (entry.isDirectory()) return entry.name === "__tests__" || entry.name === "node_modules" ? [] : sourceFiles(path)
    return SOURCE_FILE.test(entry.name) ? [path] : []
  })
}

/** Every variable the code reads, with the files that read it. */
function settingsTheCodeReads(): Map<string, string[]> {
  const readers = new Map<string, string[]>()
  const note = (names: Iterable<string>, file: string) => {
    for (const name of names) readers.set(name, [...(readers.get(name) ?? []), file])
  }
  const rootFiles = readdirSync(ROOT).filter((name) => ROOT_FILES.test(name))
  for (const file of [...rootFiles, ".ci/run", ...CODE_FOLDERS.flatMap(sourceFiles)]) {
    const text = readFileSync(join(ROOT, file), "utf8")
    note(SHELL_SCRIPT.test(file) ? shellVariablesRead(text) : variablesRead(file, text), file)
  }
  for (const name of Object.keys(NOT_SETTINGS)) readers.delete(name)
  return readers
}

/** The names in the first column of every table on the settings page. */
function settingsDocumented(page = readFileSync(join(ROOT, SETTINGS_PAGE), "utf8")): Set<string> {
  const firstCells = page.split("\n").flatMap((line) => (line.startsWith("|") ? [line.split("|")[1]] : []))
  return new Set(firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1])))
}

describe("how the code reads a setting", () => {
  it.each([
    ["process.env.NAME", "src/lib/a.ts", "export const a = process.env.GATSBY_A || '/'", ["GATSBY_A"]],
    ['process.env["NAME"]', "tools/a.ts", 'export const a = process.env["A_PORT"]', ["A_PORT"]],
    ["an alias of process.env", "plugins/a/gatsby-node.ts", "const env = process.env\nexport const a = env.CMS_A || env.CMS_B", ["CMS_A", "CMS_B"]],
    ["destructuring", "tools/a.ts", 'const { A_ONE, A_TWO: two, A_THREE = "x" } = process.env\nexport { A_ONE, two, A_THREE }', ["A_ONE", "A_TWO", "A_THREE"]],
    ["globalThis.process?.env", "src/server/a.ts", "export const a = globalThis.process?.env?.A_SETTING", ["A_SETTING"]],
    [
      "the settings readers",
      "src/server/runtime/a.ts",
      'export const a = readSetting("A_ONE") ?? readSecret("A_TWO") ?? secretProblem("A_THREE")',
      ["A_ONE", "A_TWO", "A_THREE"],
    ],
    [
      "names the settings modules keep",
      "src/server/settings/a.ts",
      'const LIST = ["A_ONE"] as const\nconst MARKERS = { A_TWO: "Platform" }\nexport const a = whole("A_THREE", 1)',
      ["A_ONE", "A_TWO", "A_THREE"],
    ],
    ["names a part's own settings module keeps", "src/server/outbox/webhooks/settings.ts", 'export const names = ["A_ONE"]', ["A_ONE"]],
  ])("finds %s", (_how, fileName, code, expected) => {
    expect([...variablesRead(fileName, code)].sort()).toEqual([...expected].sort())
  })

  it("leaves out comments, messages and names outside the settings modules", () => {
    const code = '// process.env.IN_A_COMMENT\nexport const a = "NOT_READ"\nconsole.log(`set MISSING_ONE`)\nexport const b = other("NOT_A_READER")'
    expect([...variablesRead("src/server/http/a.ts", code)]).toEqual([])
  })

  it("finds the settings each part of the project reads", () => {
    const read = settingsTheCodeReads()
    // One from each way in: the server's readers, its platform markers and secrets, the build, the
    // editors' UI, the tests, the tools and the shell scripts.
    for (const name of ["DATABASE_URL", "NETLIFY", "OWNER_TOKEN", "GATSBY_SIGNUP_ENDPOINT", "CMS_BRANCH", "E2E_PORT", "SITE_PORT", "XDG_CACHE_HOME"]) {
      expect(read.has(name)).toBe(true)
    }
  })
})

describe(SETTINGS_PAGE, () => {
  it("has a row for every setting the code reads", () => {
    const documented = settingsDocumented()
    const missing = [...settingsTheCodeReads()].filter(([name]) => !documented.has(name)).map(([name, files]) => `${name} (read in ${files.join(", ")})`)
    expect(missing).toEqual([])
  })

  it("has no row for a setting the code does not read", () => {
    const read = settingsTheCodeReads()
    expect([...settingsDocumented()].filter((name) => !read.has(name))).toEqual([])
  })

  it("takes every name in a row's first column", () => {
    const page = "| name | default |\n| --- | --- |\n| `A_ONE`, `A_TWO` | `B_NOT` |\n\nText `C_NOT`."
    expect([...settingsDocumented(page)]).toEqual(["A_ONE", "A_TWO"])
  })
})
