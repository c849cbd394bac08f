/** @jest-environment node */
import { promises as fs } from "fs"
import os from "os"
import path from "path"
import {
  createSignupStore,
  forgetSharedSignupStores,
  parseSignupLines,
  sharedSignupStore,
  type SignupRecord,
} from "../store"

const entry = (email: string, receivedAt = "2025-02-01T10:00:00.000Z"): SignupRecord => ({
  email,
  source: "website_signup",
  timestamp: "2025-02-01T09:59:59.000Z",
  receivedAt,
})

const readLines = async (file: string): Promise<string[]> =>
  (await fs.readFile(file, "utf8")).split("\n").filter((line) => line !== "")

let dir: string
let file: string

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "signup-store-"))
  file = path.join(dir, "nested", "signups.jsonl")
})

afterEach(async () => {
  forgetSharedSignupStores()
  await fs.rm(dir, { recursive: true, force: true })
})

describe("signup store", () => {
  it("creates the folder and appends one JSON line per new signup, fields in a fixed order", async () => {
    const store = createSignupStore(file)
    await expect(store.add(entry("a@example.com"))).resolves.toBe("added")
    await expect(store.add(entry("b@example.com"))).resolves.toBe("added")
    expect(await fs.readFile(file, "utf8")).toBe(
      '{"email":"a@example.com","source":"website_signup","timestamp":"2025-02-01T09:59:59.000Z","receivedAt":"2025-02-01T10:00:00.000Z"}\n' +
        '{"email":"b@example.com","source":"website_signup","timestamp":"2025-02-01T09:59:59.000Z","receivedAt":"2025-02-01T10:00:00.000Z"}\n',
    )
    expect((await store.list()).map((e) => e.email)).toEqual(["a@example.com", "b@example.com"])
  })

  it("refuses the same email twice, ignoring case and surrounding spaces", async () => {
    const store = createSignupStore(file)
    await store.add(entry("a@example.com"))
    await expect(store.add(entry(" A@Example.COM "))).resolves.toBe("duplicate")
    expect(await readLines(file)).toHaveLength(1)
  })

  it("lists nothing and creates nothing when no signup was ever stored", async () => {
    await expect(createSignupStore(file).list()).resolves.toEqual([])
    await expect(fs.stat(file)).rejects.toMatchObject({ code: "ENOENT" })
  })

  it("remembers stored emails across a restart (a new store on the same file)", async () => {
    await createSignupStore(file).add(entry("a@example.com"))
    const afterRestart = createSignupStore(file)
    await expect(afterRestart.add(entry("A@EXAMPLE.COM"))).resolves.toBe("duplicate")
    await expect(afterRestart.add(entry("b@example.com"))).resolves.toBe("added")
    expect(await readLines(file)).toHaveLength(2)
  })

  it("skips a corrupt or partial last line and keeps the next append on a line of its own", async () => {
    await fs.mkdir(path.dirname(file), { recursive: true })
    const good = JSON.stringify(entry("a@example.com"))
    await fs.writeFile(file, `${good}\nnot json at all\n{"email":"b@example.com","sou`)

    const store = createSignupStore(file)
    await expect(store.add(entry("a@example.com"))).resolves.toBe("duplicate")
    await expect(store.add(entry("c@example.com"))).resolves.toBe("added")

    const lines = (await fs.readFile(file, "utf8")).split("\n")
    expect(lines).toEqual([good, "not json at all", '{"email":"b@example.com","sou', JSON.stringify(entry("c@example.com")), ""])
    expect((await store.list()).map((e) => e.email)).toEqual(["a@example.com", "c@example.com"])
  })

  it("ignores lines that are JSON but not signups", () => {
    const text = ['{"email":42}', "[1,2]", "null", JSON.stringify(entry("a@example.com")), "   "].join("\n")
    expect(parseSignupLines(text)).toEqual([entry("a@example.com")])
  })

  it("keeps all of 200 concurrent adds, each exactly once", async () => {
    const store = createSignupStore(file)
    const emails = Array.from({ length: 200 }, (_, i) => `person${i}@example.com`)
    const results = await Promise.all(emails.map((email) => store.add(entry(email))))
    expect(results.every((result) => result === "added")).toBe(true)
    const stored = (await readLines(file)).map((line) => (JSON.parse(line) as SignupRecord).email)
    expect(stored).toHaveLength(200)
    expect(new Set(stored)).toEqual(new Set(emails))
  })

  it("stores one of 50 concurrent adds of the same email", async () => {
    const store = createSignupStore(file)
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => store.add(entry(i % 2 ? "X@example.com" : "x@example.com"))))
    expect(results.filter((result) => result === "added")).toHaveLength(1)
    expect(await readLines(file)).toHaveLength(1)
  })

  it("syncs every append to disk before add resolves", async () => {
    const probe = await fs.open(path.join(dir, "probe"), "w")
    const fileHandlePrototype = Object.getPrototypeOf(probe) as { sync: () => Promise<void> }
    await probe.close()
    const sync = jest.spyOn(fileHandlePrototype, "sync")
    try {
      const store = createSignupStore(file)
      await store.add(entry("a@example.com"))
      expect(sync).toHaveBeenCalledTimes(1)
      await store.add(entry("a@example.com"))
      expect(sync).toHaveBeenCalledTimes(1) // a duplicate writes nothing
    } finally {
      sync.mockRestore()
    }
  })

  it("rejects when it cannot write, stores nothing, and works again once the problem is gone", async () => {
    // The store's folder is blocked by a plain file of the same name.
    await fs.writeFile(path.dirname(file), "in the way")
    const store = createSignupStore(file)
    await expect(store.add(entry("a@example.com"))).rejects.toThrow()

    await fs.rm(path.dirname(file))
    await expect(store.add(entry("a@example.com"))).resolves.toBe("added")
    expect(await readLines(file)).toHaveLength(1)
  })

  it("does not count a failed append as stored", async () => {
    const store = createSignupStore(file)
    await store.add(entry("a@example.com"))
    // Swap the file for a folder: loading is done, so now the append itself fails.
    await fs.rm(file)
    await fs.mkdir(file)
    await expect(store.add(entry("b@example.com"))).rejects.toThrow()

    await fs.rmdir(file)
    await expect(store.add(entry("b@example.com"))).resolves.toBe("added")
    expect((await store.list()).map((e) => e.email)).toEqual(["b@example.com"])
  })

  it("shares one store per file path until forgotten", () => {
    const store = sharedSignupStore(file)
    expect(sharedSignupStore(path.join(dir, "nested", "..", "nested", "signups.jsonl"))).toBe(store)
    expect(sharedSignupStore(path.join(dir, "other.jsonl"))).not.toBe(store)
    forgetSharedSignupStores()
    expect(sharedSignupStore(file)).not.toBe(store)
  })
})
