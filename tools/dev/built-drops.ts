// The drop page as a build of other drops content would send it, for browser tests and benches
// that run one build (whose content has no commitment yet) against a server with a drop of their
// own: the page's data (page-data.json, what its scripts read) gets that content's beacon chain
// and each drop's window and commitment, as `npm run build` would have written them. The page's
// HTML stays the build's; its check reads the data.
import type { BrowserContext, Page } from "playwright-core"
import type { BeaconChain } from "../../src/drop/beacon"
import type { DropCommitment } from "../../src/drop/commitment"

export interface BuiltDropsContent {
  beacon: BeaconChain
  drops: ReadonlyArray<{ id: string; opensAt: string; closesAt: string; resultsAt: string; commitment?: DropCommitment | null }>
}

interface DropPageData {
  result: { data: { dropsJson: { beacon: unknown; drops: Array<Record<string, unknown> & { id: string }> } } }
}

/** Serves /drop/'s data as built with `content`, from now on, to this page (or every page of this context). */
export const routeBuiltDrops = async (target: Page | BrowserContext, content: BuiltDropsContent): Promise<void> => {
  await target.route("**/page-data/drop/page-data.json", async (route) => {
    const response = await route.fetch()
    const data = (await response.json()) as DropPageData
    const built = data.result.data.dropsJson
    built.beacon = content.beacon
    built.drops = built.drops.map((drop) => {
      const given = content.drops.find((candidate) => candidate.id === drop.id)
      return given ? { ...drop, opensAt: given.opensAt, closesAt: given.closesAt, resultsAt: given.resultsAt, commitment: given.commitment ?? null } : drop
    })
    // The body is sent as it is here: none of the file's compressed forms, so no Content-Encoding.
    await route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(data) })
  })
}
