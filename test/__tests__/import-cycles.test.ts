// No import cycles in src/, type imports counted: the lint's no-cycle rule skips `import type`,
// and a contract that imports types from its own implementations is a loop all the same.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, relative, resolve } from "node:path"
import ts from "typescript"

const SOURCE = resolve(__dirname, "../../src")

/** The source files under `dir`, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** The files under `root` that `file` imports, `import type` and re-exports included. */
function importsOf(file: string, root: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true)
  return importedFiles.flatMap(({ fileName }) => {
    if (!fileName.startsWith(".")) return []
    const base = resolve(dirname(file), fileName)
    const found = [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find((candidate) => existsSync(candidate))
    return found && found.startsWith(root) ? [found] : []
  })
}

/** The import cycles (strongly connected groups of more than one file) under `root`, each as sorted paths from it. */
function importCycles(root: string): string[][] {
  const graph = new Map(sourceFiles(root).map((file) => [file, importsOf(file, root)]))
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const cycles: string[][] = []
  function visit(file: string): void {
    index.set(file, index.size)
    low.set(file, index.get(file) as number)
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(file, Math.min(low.get(file) as number, low.get(next) as number))
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file) as number, index.get(next) as number))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string | undefined
    do {
      member = stack.pop() as string
      group.push(relative(root, member))
    } while (member !== file)
    if (group.length > 1) cycles.push(group.sort())
  }
  for (const file of graph.keys()) if (!index.has(file)) visit(file)
  return cycles.sort()
}

describe("the imports in src/", () => {
  it("form no cycle, type imports counted", () => {
    expect(importCycles(SOURCE)).toEqual([])
  })

  it("are read with their type imports: two files importing each other's types are a cycle", () => {
    const dir = mkdtempSync(join(tmpdir(), "block94-cycles-"))
    writeFileSync(join(dir, "contract.ts"), 'import type { Row } from "./implementation"\nexport interface Store { row(): Row }\n')
    writeFileSync(
      join(dir, "implementation.ts"),
      'import type { Store } from "./contract"\nexport type Row = { id: number }\nexport const store: Store | null = null\n',
    )
    writeFileSync(join(dir, "reader.ts"), 'import type { Store } from "./contract"\nexport type Reader = Store\n')
    expect(importCycles(dir)).toEqual([["contract.ts", "implementation.ts"]])
  })
})
