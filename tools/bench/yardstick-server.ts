// The yardsticks `npm run bench:signup` prints beside our servers: the least a signup endpoint
// can do on this machine, with no framework, checks or waitlist. node:http reads the JSON body,
// then either appends a line to a file (one write and one fdatasync per batch of appends, each
// answered once its batch is on disk) or runs one INSERT through pg. A run then shows what the
// machine manages that day, next to the targets, which were set against these figures.
//
// `node --import tsx tools/bench/yardstick-server.ts` with PORT and SIGNUPS_FILE or DATABASE_URL.
import { promises as fs } from "node:fs"
import { createServer } from "node:http"
import pg from "pg"

/** Stores an address; true when it was new. */
type Append = (email: string) => Promise<boolean>

const fileAppend = async (file: string): Promise<Append> => {
  const handle = await fs.open(file, "a")
  const seen = new Set<string>()
  let waiting: Array<{ line: string; done: () => void }> = []
  let writing = false
  const writeBatches = async () => {
    writing = true
    while (waiting.length > 0) {
      const batch = waiting
      waiting = []
      await handle.write(batch.map(({ line }) => line).join(""))
      await handle.datasync()
      for (const { done } of batch) done()
    }
    writing = false
  }
  return (email) => {
    if (seen.has(email)) return Promise.resolve(false)
    seen.add(email)
    return new Promise((resolve) => {
      waiting.push({ line: `${JSON.stringify({ email, at: new Date().toISOString() })}\n`, done: () => resolve(true) })
      if (!writing) void writeBatches()
    })
  }
}

const postgresAppend = async (connectionString: string): Promise<Append> => {
  const pool = new pg.Pool({ connectionString, max: 10 })
  await pool.query(
    "create table if not exists yardstick (id bigint generated always as identity primary key, email text not null unique, at timestamptz not null)",
  )
  return async (email) => {
    const { rowCount } = await pool.query({
      name: "yardstick-insert",
      text: "insert into yardstick (email, at) values ($1, now()) on conflict (email) do nothing returning id",
      values: [email],
    })
    return rowCount === 1
  }
}

const main = async () => {
  const append = process.env.DATABASE_URL ? await postgresAppend(process.env.DATABASE_URL) : await fileAppend(process.env.SIGNUPS_FILE ?? "yardstick.jsonl")
  const server = createServer((request, response) => {
    if (request.url === "/healthz") return void response.end("ok")
    const chunks: Buffer[] = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => {
      const { email } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { email: string }
      append(email.toLowerCase()).then(
        (added) => {
          response.writeHead(added ? 201 : 200, { "content-type": "application/json" })
          response.end(JSON.stringify({ ok: true }))
        },
        () => {
          response.writeHead(500)
          response.end()
        },
      )
    })
  })
  server.listen(Number(process.env.PORT), "127.0.0.1")
  process.once("SIGTERM", () => server.close(() => process.exit(0)))
}

void main()
