// Every link between the README and the pages in docs/ leads somewhere: the file exists, and a
// heading anchor names a heading that page has (as GitHub makes anchors from headings).
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"

const ROOT = resolve(__dirname, "../..")
const PAGES = [
  "README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
]

/** The text outside fenced code blocks, where Markdown links and headings live. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, "")
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2... */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>()
  const found = new Set<string>()
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const slug = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-")
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    found.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return found
}

/** The relative links of a page (`[words](target)`), leaving out web and mail addresses. */
function relativeLinks(markdown: string): string[] {
  const inline = prose(markdown).replace(/`[^`\n]*`/g, "")
  return [...inline.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]).filter((target) => !/^[a-z]+:/i.test(target))
}

/** What is wrong with a link from `page`, or null when it leads somewhere. */
function brokenLink(page: string, target: string): string | null {
  const [path, anchor] = target.split("#")
  const file = path === "" ? page : join(dirname(page), path)
  if (!existsSync(join(ROOT, file))) return `${file} does not exist`
  if (anchor === undefined || !file.endsWith(".md")) return null
  return anchors(readFileSync(join(ROOT, file), "utf8")).has(anchor) ? null : `${file} has no heading #${anchor}`
}

describe.each(PAGES)("%s", (page) => {
  it("links only to files and headings that exist", () => {
    const markdown = readFileSync(join(ROOT, page), "utf8")
    const broken = relativeLinks(markdown).flatMap((target) => {
      const problem = brokenLink(page, target)
      return problem ? [`${target}: ${problem}`] : []
    })
    expect(broken).toEqual([])
  })
})

describe("the link check", () => {
  it("makes GitHub's anchors", () => {
    const headings = "# The owner's page\n## `npm run cms`, and CMS_AUTH_URL\n## Endpoints\n```\n# not a heading\n```\n## Endpoints"
    expect([...anchors(headings)]).toEqual(["the-owners-page", "npm-run-cms-and-cms_auth_url", "endpoints", "endpoints-1"])
  })

  it("finds a missing file and a missing heading", () => {
    expect(brokenLink("docs/README.md", "nowhere.md")).toBe("docs/nowhere.md does not exist")
    expect(brokenLink("docs/README.md", "settings.md#no-such-heading")).toBe("docs/settings.md has no heading #no-such-heading")
    expect(brokenLink("README.md", "docs/settings.md#backups")).toBeNull()
  })
})
