// The editing server of `npm run cms` answers the editor's own browser and refuses a page that
// reached it through another name (DNS rebinding), before anything is read or written.
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from "node:fs"
import { request as httpRequest, type Server } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "../serve"
import { isLocalHost, startCmsBackend } from "../cms-backend"

/** POSTs `body` to the backend with the Host header given (fetch would not let a test set it). */
const post = (port: number, host: string, body: unknown): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const text = JSON.stringify(body)
    const sent = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: "/api/v1",
        method: "POST",
        headers: { Host: host, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) },
      },
      (response) => {
        let answer = ""
        response.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")))
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: answer }))
      },
    )
    sent.on("error", reject)
    sent.end(text)
  })

describe("the editing server of npm run cms", () => {
  let server: Server
  let port: number
  let repo: string
  beforeAll(async () => {
    repo = mkdtempSync(join(tmpdir(), "block94-cms-backend-"))
    mkdirSync(join(repo, "content"))
    writeFileSync(join(repo, "content", "site.json"), '{"brand":"Block 94"}\n')
    port = await freePort()
    server = await startCmsBackend({ port, repo, logLevel: "error" })
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const persist = (raw: string) => ({
    action: "persistEntry",
    params: {
      branch: "main",
      entry: { slug: "site", path: "content/site.json", raw },
      assets: [],
      options: { commitMessage: "edit", useWorkflow: false, status: "draft" },
    },
  })

  it("reads and writes the repository's files for the editor's browser on localhost", async () => {
    expect(await post(port, `localhost:${port}`, { action: "info" })).toMatchObject({ status: 200 })
    expect((await post(port, `127.0.0.1:${port}`, persist('{"brand":"Edited"}\n'))).status).toBe(200)
    expect(readFileSync(join(repo, "content", "site.json"), "utf8")).toBe('{"brand":"Edited"}\n')
  })

  it("refuses a request for any other host with 403, writing nothing", async () => {
    for (const host of [`evil.example:${port}`, "localhost", `localhost:${port + 1}`, `localhost.evil.example:${port}`]) {
      const refused = await post(port, host, persist('{"brand":"Taken over"}\n'))
      expect(refused).toEqual({ status: 403, body: JSON.stringify({ error: "This editing server answers requests for localhost only" }) })
    }
    expect(readFileSync(join(repo, "content", "site.json"), "utf8")).not.toContain("Taken over")
  })

  it("takes the host's name in any case, as DNS does", () => {
    expect(isLocalHost(`LocalHost:${port}`, port)).toBe(true)
    expect(isLocalHost(undefined, port)).toBe(false)
  })
})
