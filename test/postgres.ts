/** A fresh database on the test run's PostgreSQL server (see global-setup.ts), one per call. */
import { randomUUID } from "node:crypto"
import pg from "pg"

export const testPostgresUrl = (): string => {
  const url = process.env.TEST_POSTGRES_URL
  if (!url) throw new Error("TEST_POSTGRES_URL is not set: Jest's global setup starts PostgreSQL for the tests")
  return url
}

/** Creates an empty database on the server at `serverUrl` and returns its URL. */
export const freshDatabase = async (serverUrl: string = testPostgresUrl()): Promise<string> => {
  const name = `test_${randomUUID().replace(/-/g, "")}`
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(`create database ${name}`)
  } finally {
    await client.end()
  }
  return serverUrl.replace(/\/[^/]*$/, `/${name}`)
}
