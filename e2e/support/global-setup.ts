import { existsSync, writeFileSync } from "node:fs"
import { serveSite } from "../../tools/serve"
import { E2E_STATE_FILE, E2E_PORT } from "./state"

export default async function globalSetup(): Promise<void> {
  if (!existsSync("public/index.html")) throw new Error("public/ is missing: run `npm run build` before the end-to-end tests")
  const site = await serveSite(E2E_PORT)
  writeFileSync(E2E_STATE_FILE, JSON.stringify({ baseUrl: site.baseUrl, signupsFile: site.signupsFile, pid: site.process.pid }))
}
