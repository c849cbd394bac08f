/** @jest-environment node */
// What only the file store has: its file. The contract suite covers the behaviour both share.
import { promises as fs } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { hashToken } from "../../waitlist/codes"
import { createFileStore } from "../file-store"
import type { NewSignup } from "../store"

const signup = (email: string): NewSignup => ({
  email,
  emailKey: email.toLowerCase(),
  source: "website_signup",
  timestamp: "2026-11-22T11:59:59.000Z",
  receivedAt: "2026-11-22T12:00:00.000Z",
  status: "confirmed",
  referralCode: `CODE${email.length.toString().padStart(6, "0")}`,
  referredBy: null,
  statusTokenHash: hashToken(email),
  confirmToken: null,
  attribution: null,
})

let dir: string
let file: string
beforeEach(async () => {
  dir = await fs.mkdtemp(join(tmpdir(), "block94-file-store-"))
  file = join(dir, "nested", "signups.jsonl")
})
afterEach(() => fs.rm(dir, { recursive: true, force: true }))

const lines = async () => (await fs.readFile(file, "utf8")).split("\n").filter(Boolean)

describe("the file store's file", () => {
  it("is created readable and writable by its owner only: it holds everyone's address", async () => {
    const store = createFileStore(file)
    await store.add(signup("a@example.com"), 10)
    await store.close()
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600)
  })

  it("creates the folder and holds one readable JSON line per change", async () => {
    const store = createFileStore(file)
    await store.add(signup("a@example.com"), 10)
    await store.close()
    const [line] = await lines()
    expect(JSON.parse(line)).toMatchObject({ type: "signup", email: "a@example.com", emailKey: "a@example.com", status: "confirmed" })
  })

  it("creates nothing until something is stored", async () => {
    const store = createFileStore(file)
    await expect(store.exportRows(10)).resolves.toEqual([])
    await store.close()
    await expect(fs.stat(file)).rejects.toMatchObject({ code: "ENOENT" })
  })

  it("skips a line cut short by a crash, and starts the next write on a line of its own", async () => {
    await fs.mkdir(join(dir, "nested"))
    const first = JSON.stringify({ type: "signup", ...signup("a@example.com") })
    await fs.writeFile(file, `${first}\nnot json\n{"type":"signup","email":"b@exa`)
    const store = createFileStore(file)
    await expect(store.add(signup("a@example.com"), 10)).resolves.toMatchObject({ kind: "duplicate" })
    await expect(store.add(signup("c@example.com"), 10)).resolves.toMatchObject({ kind: "added", place: { position: 2 } })
    await store.close()
    const written = await lines()
    expect(written.slice(0, 3)).toEqual([first, "not json", '{"type":"signup","email":"b@exa'])
    expect(JSON.parse(written[3])).toMatchObject({ email: "c@example.com" })
  })

  it("reads signups stored before the waitlist and gives them a referral code once", async () => {
    await fs.mkdir(join(dir, "nested"))
    await fs.writeFile(file, `${JSON.stringify({ email: "old@example.com", source: "website_signup", timestamp: "2025-01-01T00:00:00.000Z", receivedAt: "2025-01-01T00:00:01.000Z" })}\n`)
    const store = createFileStore(file)
    const [row] = await store.exportRows(10)
    expect(row).toMatchObject({ signup: { email: "old@example.com", status: "confirmed", referralCode: expect.stringMatching(/^[0-9A-Z]{10}$/) }, place: { position: 1 } })
    await store.close()
    const again = createFileStore(file)
    expect((await again.exportRows(10))[0].signup.referralCode).toBe(row.signup.referralCode)
    await again.close()
    expect((await lines()).filter((line) => line.includes('"upgrade"'))).toHaveLength(1)
  })

  it("writes changes that arrive together in one write, each answered once on disk", async () => {
    const store = createFileStore(file)
    // Node does not export FileHandle; take its prototype from an open one.
    const probe = await fs.open(join(dir, "probe"), "a")
    const fileHandle = Object.getPrototypeOf(probe) as { datasync(): Promise<void> }
    await probe.close()
    const syncs = jest.spyOn(fileHandle, "datasync")
    try {
      await Promise.all(Array.from({ length: 100 }, (_, index) => store.add(signup(`fan${index}@example.com`), 10)))
      expect(await lines()).toHaveLength(100)
      // Group commit: far fewer syncs than signups.
      expect(syncs.mock.calls.length).toBeLessThan(10)
    } finally {
      syncs.mockRestore()
      await store.close()
    }
  })

  it("fails a write it cannot make, stores nothing, and works once the problem is gone", async () => {
    await fs.writeFile(join(dir, "nested"), "a file where the folder should be")
    const store = createFileStore(file)
    await expect(store.add(signup("a@example.com"), 10)).rejects.toThrow()
    await fs.rm(join(dir, "nested"))
    await expect(store.add(signup("a@example.com"), 10)).resolves.toMatchObject({ kind: "added", place: { position: 1 } })
    await store.close()
    expect(await lines()).toHaveLength(1)
  })
})
