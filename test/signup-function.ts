/**
 * The signup Gatsby Function as Gatsby hands it a request: a readable body with method, headers
 * and socket, a response that records what the function sets, and the SQLite file it writes,
 * read back as another process would.
 */
import { promises as fs } from "fs"
import { DatabaseSync } from "node:sqlite"
import os from "os"
import path from "path"
import { Readable } from "stream"
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby"
import handler from "../src/api/signup"
import { resetSignupRuntime } from "../src/server/runtime/runtime"
import { openEmbeddedStore } from "../src/server/store/open-store"
import { allRows } from "../src/server/store/store"

export type Handler = typeof handler

export const validSignup = { email: "Fan@Example.com", source: "website_signup", timestamp: "2025-01-31T12:00:00.000Z" }

export interface FakeRequestOptions {
  method?: string
  headers?: Record<string, string>
  body?: string
  ip?: string
}

/** A request as Gatsby hands it over: a readable stream of the body with method, headers and socket. */
function fakeRequest({ method = "POST", headers, body, ip = "203.0.113.10" }: FakeRequestOptions = {}): GatsbyFunctionRequest {
  const stream = Readable.from(body === undefined ? [] : [Buffer.from(body, "utf8")])
  return Object.assign(stream, {
    method,
    headers: headers ?? { "content-type": "application/json" },
    socket: { remoteAddress: ip },
    query: {},
    params: {},
    cookies: {},
  }) as unknown as GatsbyFunctionRequest
}

export class FakeResponse {
  statusCode = 200
  headers: Record<string, string> = {}
  body: unknown = undefined
  headersSent = false
  status(code: number): this {
    this.statusCode = code
    return this
  }
  setHeader(name: string, value: string | number): this {
    this.headers[name.toLowerCase()] = String(value)
    return this
  }
  json(body: unknown): this {
    this.body = body
    this.headersSent = true
    return this
  }
  send(body: unknown): this {
    return this.json(body)
  }
}

/** Posts `body` (JSON unless a string) to the signup function, or to `run`, a fresh copy of it. */
export async function post(body: unknown, options: Omit<FakeRequestOptions, "body"> = {}, run: Handler = handler): Promise<FakeResponse> {
  const res = new FakeResponse()
  const text = typeof body === "string" ? body : JSON.stringify(body)
  await run(fakeRequest({ ...options, body: text }), res as unknown as GatsbyFunctionResponse)
  return res
}

export interface StoredRow {
  email: string
  email_key: string
  source: string
  signed_up_at: string
  received_at: string
  status_token_hashes: string
}

/** The signups in the SQLite file, read as another process would (read-only, what is committed). */
export async function storedRows(file: string): Promise<StoredRow[]> {
  let db: DatabaseSync
  try {
    db = new DatabaseSync(file, { readOnly: true })
  } catch {
    return []
  }
  try {
    return db
      .prepare(
        `select email, email_key, source, signed_up_at, received_at,
           (select group_concat(hash) from signup_tokens t where t.signup_id = s.id and t.kind = 'status') as status_token_hashes
         from signups s order by id`,
      )
      .all() as unknown as StoredRow[]
  } catch {
    // No tables yet: nothing stored.
    return []
  } finally {
    db.close()
  }
}

/** The addresses on the list, as the store reads them back. */
export async function storedEmails(file: string): Promise<string[]> {
  const store = openEmbeddedStore(file, 10)
  try {
    return (await allRows(store)).map((row) => row.signup.email)
  } finally {
    await store.close()
  }
}

/** Where a test's signups go: a fresh folder each test, named in SIGNUPS_FILE; the environment and the runtime are reset after. */
export function useSignupFolder(): { dir: string; signupsFile: string } {
  const folder = { dir: "", signupsFile: "" }
  const originalEnv = { ...process.env }
  beforeEach(async () => {
    folder.dir = await fs.mkdtemp(path.join(os.tmpdir(), "signup-api-"))
    folder.signupsFile = path.join(folder.dir, "data", "signups.db")
    process.env.SIGNUPS_FILE = folder.signupsFile
    // High enough for every test except the ones about the limit.
    process.env.SIGNUP_RATE_LIMIT = "100000"
    delete process.env.SIGNUP_RATE_WINDOW_MS
  })
  afterEach(async () => {
    process.env = { ...originalEnv }
    await resetSignupRuntime()
    await fs.rm(folder.dir, { recursive: true, force: true })
  })
  return folder
}
