/** Reading what a page's Head export put into the document head, rendered into a container. */

interface JsonLdNode {
  "@type"?: unknown
}

const isNode = (value: unknown): value is JsonLdNode => typeof value === "object" && value !== null

/** The one JSON-LD script's parsed content; fails the test if there is not exactly one. */
export const readJsonLd = (container: HTMLElement): unknown => {
  const scripts = container.querySelectorAll('script[type="application/ld+json"]')
  if (scripts.length !== 1) throw new Error(`expected one JSON-LD script, found ${scripts.length}`)
  return JSON.parse(scripts[0].textContent ?? "") as unknown
}

/** The schema.org @type of every node in a JSON-LD document (its @graph, or itself). */
export const jsonLdTypes = (document: unknown): unknown[] => {
  if (!isNode(document)) return []
  const graph: unknown = (document as { "@graph"?: unknown })["@graph"]
  const nodes: unknown[] = Array.isArray(graph) ? graph : [document]
  return nodes.map((node) => (isNode(node) ? node["@type"] : undefined))
}

/** The text of the <title> the Head rendered, or null without one. */
export const titleText = (container: HTMLElement): string | null => container.querySelector("title")?.textContent ?? null
