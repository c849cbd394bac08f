import { readdirSync, readFileSync } from "node:fs"
import { join, relative, resolve } from "node:path"
import { SIBLING_ENDPOINTS } from "../../../lib/waitlist-client"
import { ROUTES } from "../routes"

const API_DIR = resolve(__dirname, "../../../api")

/** Every Gatsby Function under src/api/ (tests aside) with the path Gatsby serves it at. */
function gatsbyFunctions(dir = API_DIR): Array<{ path: string; source: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : gatsbyFunctions(file)
    const path = `/api/${relative(API_DIR, file)}`.replace(/\.ts$/, "").replace(/\/index$/, "")
    return [{ path, source: readFileSync(file, "utf8") }]
  })
}

describe("the route table", () => {
  it("names each path once", () => {
    const paths = ROUTES.map((route) => route.path)
    expect(new Set(paths).size).toBe(paths.length)
  })

  it("has a Gatsby Function for every route, and a route for every Gatsby Function", () => {
    expect(
      gatsbyFunctions()
        .map((fn) => fn.path)
        .sort(),
    ).toEqual(ROUTES.map((route) => route.path).sort())
  })

  it("gives each Gatsby Function the route's handler and the route's dependencies", () => {
    const functions = new Map(gatsbyFunctions().map((fn) => [fn.path, fn.source]))
    for (const route of ROUTES) {
      const source = functions.get(route.path) ?? ""
      const called = /gatsbyFunction\((\w+)(?:, \(runtime\) => runtime\.(\w+))?\)/.exec(source)
      const expected = route.caller === "owner" ? "owner" : route.path === "/api/visit" ? "visits" : undefined
      expect({ path: route.path, handler: called?.[1], dependencies: called?.[2] }).toEqual({
        path: route.path,
        handler: route.handler,
        dependencies: expected,
      })
    }
  })

  it("serves every endpoint the browser calls beside the signup", () => {
    const paths = new Set(ROUTES.map((route) => route.path))
    for (const name of ["signup", ...SIBLING_ENDPOINTS]) expect({ name, served: paths.has(`/api/${name}`) }).toEqual({ name, served: true })
  })
})
