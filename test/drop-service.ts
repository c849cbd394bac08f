/**
 * The drop service as the tests run it: over a real store, with a local beacon stand-in (see
 * tools/dev/beacon-stand-in.ts) in place of drand's relays, a folder of its own for list files, and
 * the owner's commitment put into the catalog the way a deploy puts it into the built content.
 */
import { readFileSync, mkdtempSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { gunzipSync } from "node:zlib"
import type { DropCommitment } from "../src/drop/commitment"
import { drandBeacons } from "../src/server/drop/beacon-client"
import { createDropService, type DropService, type DropServiceDependencies } from "../src/server/drop/service"
import { withCommitment } from "./drop-catalog"

type Needed = Pick<DropServiceDependencies, "store" | "catalog" | "siteUrl" | "mail" | "seedDir">

/** A drop service that fetches beacons from the catalog chain's relays (a stand-in's, in tests) and keeps list files in a new folder. */
export const testDropService = (deps: Needed & Partial<DropServiceDependencies>): DropService =>
  createDropService({ beacons: drandBeacons({ timeoutMs: 2_000 }), listDir: mkdtempSync(join(tmpdir(), "block94-drop-lists-")), ...deps })

/**
 * The owner commits at `now` (before the window), and the site is deployed with the commitment:
 * returns the service running with it, the seed and the commitment.
 */
export const commitAndDeploy = async (
  deps: Needed & Partial<DropServiceDependencies>,
  now: Date,
): Promise<{ drops: DropService; seed: string; commitment: DropCommitment; seedFile: string | null }> => {
  const committed = await testDropService(deps).commit("drop-01", now)
  if (committed.kind !== "committed") throw new Error(`the drop was not committed: ${committed.kind}`)
  return {
    drops: testDropService({ ...deps, catalog: withCommitment(deps.catalog, committed.commitment) }),
    seed: committed.seed,
    commitment: committed.commitment,
    seedFile: committed.seedFile,
  }
}

/** The frozen entry list's text as the server serves it (its file, unpacked); null before the close. */
export const publishedList = async (drops: DropService, now: Date, drop = "drop-01"): Promise<string | null> => {
  const file = await drops.entryListFile(drop, now)
  return file ? gunzipSync(readFileSync(file.path)).toString("utf8") : null
}
