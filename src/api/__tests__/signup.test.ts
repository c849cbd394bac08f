// The signup Gatsby Function, as Gatsby calls it: what it stores and answers for a signup it takes.
import { promises as fs } from "fs"
import path from "path"
import { resetSignupRuntime } from "../../server/runtime/runtime"
import handler from "../signup"
import { linkSecret } from "../../../test/link-secret"
import { post, storedEmails, storedRows, useSignupFolder, validSignup, type Handler } from "../../../test/signup-function"

const folder = useSignupFolder()

describe("POST /api/signup", () => {
  it("stores a new signup as one row and answers 201 with its place and links", async () => {
    const before = Date.now()
    const res = await post({ ...validSignup, email: "  Fan@Example.com ", consent: true })
    expect(res.statusCode).toBe(201)
    expect(res.body).toMatchObject({
      ok: true,
      status: "confirmed",
      position: 1,
      referralUrl: expect.stringMatching(/^https:\/\/block94\.example\/friend\/\?ref=/),
    })
    // The list's size is told only once it reaches what the site shows (content/site.json): no "#1 of 1" beside "5,000+".
    expect(res.body).not.toHaveProperty("total")
    expect(res.headers["cache-control"]).toBe("no-store")

    const rows = await storedRows(folder.signupsFile)
    expect(rows).toHaveLength(1)
    const [stored] = rows
    expect(stored).toMatchObject({ email: "Fan@Example.com", email_key: "fan@example.com", source: "website_signup", signed_up_at: validSignup.timestamp })
    // The status token is stored as its hash only, and appears nowhere in the file.
    const token = linkSecret(String((res.body as { statusUrl: string }).statusUrl)) ?? ""
    expect(stored.status_token_hashes).toMatch(/^[0-9a-f]{64}$/)
    for (const file of [folder.signupsFile, `${folder.signupsFile}-wal`])
      expect((await fs.readFile(file).catch(() => Buffer.alloc(0))).includes(token)).toBe(false)
    // (The hash is there to find: the probe can see what the files hold.)
    const files = await Promise.all([folder.signupsFile, `${folder.signupsFile}-wal`].map((file) => fs.readFile(file).catch(() => Buffer.alloc(0))))
    expect(files.some((bytes) => bytes.includes(Buffer.from(stored.status_token_hashes)))).toBe(true)
    expect(Date.parse(stored.received_at)).toBeGreaterThanOrEqual(before - 1)
    expect(Date.parse(stored.received_at)).toBeLessThanOrEqual(Date.now())
  })

  it("takes SITE_URL for the links at run time, never the request's Host", async () => {
    process.env.SITE_URL = "https://drop.block94.example"
    const res = await post(validSignup, { headers: { "content-type": "application/json", host: "evil.example" } })
    expect(res.body).toMatchObject({ referralUrl: expect.stringMatching(/^https:\/\/drop\.block94\.example\/friend\/\?ref=/) })
  })

  it("answers 200 already_subscribed for the same email in another case, storing it once", async () => {
    expect((await post(validSignup)).statusCode).toBe(201)
    const again = await post({ ...validSignup, email: "FAN@example.COM" })
    expect(again.statusCode).toBe(200)
    expect(again.body).toEqual({ ok: true, status: "already_subscribed" })
    expect(await storedEmails(folder.signupsFile)).toEqual(["Fan@Example.com"])
  })

  it("accepts application/json with a charset", async () => {
    const res = await post(validSignup, { headers: { "content-type": "application/json; charset=utf-8" } })
    expect(res.statusCode).toBe(201)
  })

  it("reads SIGNUPS_FILE on each request, not once at load", async () => {
    const otherFile = path.join(folder.dir, "elsewhere", "list.db")
    await post(validSignup)
    process.env.SIGNUPS_FILE = otherFile
    await post({ ...validSignup, email: "second@example.com" })
    expect(await storedEmails(folder.signupsFile)).toEqual(["Fan@Example.com"])
    expect(await storedEmails(otherFile)).toEqual(["second@example.com"])
  })

  it("defaults the store to .data/signups.db under the working directory", async () => {
    delete process.env.SIGNUPS_FILE
    const cwd = jest.spyOn(process, "cwd").mockReturnValue(folder.dir)
    try {
      expect((await post(validSignup)).statusCode).toBe(201)
    } finally {
      cwd.mockRestore()
    }
    expect(await storedRows(path.join(folder.dir, ".data", "signups.db"))).toHaveLength(1)
  })

  it("keeps all of 200 concurrent signups with distinct emails, each exactly once", async () => {
    const emails = Array.from({ length: 200 }, (_, i) => `fan${i}@example.com`)
    const answers = await Promise.all(emails.map((email) => post({ ...validSignup, email })))
    expect(answers.every((res) => res.statusCode === 201)).toBe(true)

    expect(await storedRows(folder.signupsFile)).toHaveLength(200)
    expect(new Set(await storedEmails(folder.signupsFile))).toEqual(new Set(emails))
  })

  it("stores 50 concurrent signups of the same email once", async () => {
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => post({ ...validSignup, email: i % 2 ? "SAME@example.com" : "same@example.com" })))
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1)
    expect(answers.filter((res) => res.statusCode === 200)).toHaveLength(49)
    expect(await storedRows(folder.signupsFile)).toHaveLength(1)
  })

  it("shares the store between fresh copies of the module, as Gatsby re-requires the bundle per request", async () => {
    let reloaded: Handler = handler
    jest.isolateModules(() => {
      reloaded = (jest.requireActual("../signup") as { default: Handler }).default
    })
    expect(reloaded).not.toBe(handler)
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post({ ...validSignup, email: "shared@example.com" }, {}, i % 2 ? reloaded : handler)),
    )
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1)
    expect(await storedRows(folder.signupsFile)).toHaveLength(1)
  })

  it("still knows stored emails after a restart", async () => {
    expect((await post(validSignup)).statusCode).toBe(201)

    // A restart: the in-memory stores and the modules are gone, the file stays.
    await resetSignupRuntime()
    let restarted: Handler = handler
    jest.isolateModules(() => {
      restarted = (jest.requireActual("../signup") as { default: Handler }).default
    })

    const again = await post({ ...validSignup, email: "fan@EXAMPLE.com" }, {}, restarted)
    expect(again.statusCode).toBe(200)
    expect(again.body).toEqual({ ok: true, status: "already_subscribed" })
    expect(await storedRows(folder.signupsFile)).toHaveLength(1)
  })
})
