import { execFileSync } from "child_process"
import { promises as fs } from "fs"
import os from "os"
import path from "path"
import {
  DEFAULT_RATE_LIMIT,
  DEFAULT_RATE_WINDOW_MS,
  optInProblem,
  pepperProblem,
  readRetention,
  readSecret,
  readSetting,
  readSignupSettings,
  recordsEvents,
  secretProblem,
} from "../settings"

const SITE = { brand: "Block 94", siteUrl: "https://block94.example", generalEmail: "hello@block94.example" }
const SETTING_NAMES = [
  "SIGNUPS_FILE",
  "DATABASE_URL",
  "DATABASE_POOL_SIZE",
  "SIGNUP_RATE_LIMIT",
  "SIGNUP_RATE_WINDOW_MS",
  "TRUST_PROXY",
  "CLIENT_ADDRESS_HEADER",
  "SITE_URL",
  "REFERRAL_BOOST",
  "SMTP_URL",
  "MAIL_FROM",
  "AWS_LAMBDA_FUNCTION_NAME",
  "NETLIFY",
  "VERCEL",
  "K_SERVICE",
  "FUNCTION_TARGET",
  "WEBHOOK_URL",
  "WEBHOOK_SECRET",
  "WEBHOOK_ALLOW_PRIVATE",
  "EMAIL_PROVIDER",
  "ERASURE_LOG",
  "DROP_SEED_DIR",
  "DROPS_FILE",
  "DROP_LIST_DIR",
  "LIST_PEPPER",
]
for (const name of SETTING_NAMES) delete process.env[name]
const originalEnv = { ...process.env }
afterEach(() => {
  process.env = { ...originalEnv }
})

describe("runtime settings", () => {
  it("reads a variable as the process sees it now; empty counts as unset", () => {
    process.env.BLOCK94_TEST_SETTING = "one"
    expect(readSetting("BLOCK94_TEST_SETTING")).toBe("one")
    process.env.BLOCK94_TEST_SETTING = "two"
    expect(readSetting("BLOCK94_TEST_SETTING")).toBe("two")
    process.env.BLOCK94_TEST_SETTING = " "
    expect(readSetting("BLOCK94_TEST_SETTING")).toBeUndefined()
    delete process.env.BLOCK94_TEST_SETTING
    expect(readSetting("BLOCK94_TEST_SETTING")).toBeUndefined()
  })

  it("resolves the store path against the working directory and parses the limits", () => {
    process.env.SIGNUPS_FILE = "var/list.db"
    process.env.SIGNUP_RATE_LIMIT = "25"
    process.env.SIGNUP_RATE_WINDOW_MS = "1000"
    expect(readSignupSettings(SITE)).toMatchObject({
      signupsFile: path.resolve(process.cwd(), "var/list.db"),
      rateLimit: 25,
      rateWindowMs: 1000,
    })
  })

  it("falls back to the defaults for unset or unusable values", () => {
    delete process.env.SIGNUPS_FILE
    for (const bad of ["0", "-3", "2.5", "ten", ""]) {
      process.env.SIGNUP_RATE_LIMIT = bad
      process.env.SIGNUP_RATE_WINDOW_MS = bad
      expect(readSignupSettings(SITE)).toMatchObject({
        signupsFile: path.resolve(process.cwd(), ".data/signups.db"),
        rateLimit: DEFAULT_RATE_LIMIT,
        rateWindowMs: DEFAULT_RATE_WINDOW_MS,
        referralBoost: 10,
      })
    }
  })

  it("records list events only when something receives them: checked webhooks or an email provider", () => {
    expect(recordsEvents(readSignupSettings(SITE))).toBe(false)
    process.env.WEBHOOK_URL = "http://hooks.example.com/in"
    process.env.WEBHOOK_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
    // Refused (not https): nothing receives events, so none are recorded; the problem is said.
    expect(readSignupSettings(SITE).webhooks.problems).toEqual([expect.stringContaining("is not https")])
    expect(recordsEvents(readSignupSettings(SITE))).toBe(false)
    process.env.WEBHOOK_ALLOW_PRIVATE = "1"
    expect(readSignupSettings(SITE).webhooks).toMatchObject({ urls: ["http://hooks.example.com/in"], allowPrivate: true, problems: [] })
    expect(recordsEvents(readSignupSettings(SITE))).toBe(true)
    delete process.env.WEBHOOK_URL
    process.env.EMAIL_PROVIDER = "Loops"
    expect(readSignupSettings(SITE).emailProvider).toBe("loops")
    expect(recordsEvents(readSignupSettings(SITE))).toBe(true)
  })

  it("defaults to the file store, single opt-in, the site address from site.json and no trusted proxy", () => {
    expect(readSignupSettings(SITE)).toMatchObject({
      databaseUrl: undefined,
      databasePoolSize: 10,
      smtpUrl: undefined,
      mailFrom: "Block 94 <hello@block94.example>",
      siteUrl: "https://block94.example",
      trustProxy: undefined,
      clientAddressHeader: undefined,
      serverless: null,
    })
  })

  it("keeps the erasure log and the drops' seeds beside the embedded database, and with PostgreSQL or serverless only where a setting names a place", () => {
    process.env.SIGNUPS_FILE = "/srv/block94/.data/signups.db"
    expect(readSignupSettings(SITE)).toMatchObject({
      erasureLog: "/srv/block94/.data/erasures.log",
      dropSeedDir: "/srv/block94/.data/drop-seeds",
      dropsFile: null,
      dropListDir: "/srv/block94/.data/drop-lists",
    })
    process.env.DATABASE_URL = "postgres://localhost/block94"
    // The frozen lists' files are copies of what the store keeps: with PostgreSQL, any folder that lasts the process.
    expect(readSignupSettings(SITE)).toMatchObject({ erasureLog: null, dropSeedDir: null, dropListDir: path.join(os.tmpdir(), "block94-drop-lists") })
    process.env.DROP_LIST_DIR = "/var/cache/block94/lists"
    expect(readSignupSettings(SITE).dropListDir).toBe("/var/cache/block94/lists")
    delete process.env.DROP_LIST_DIR
    process.env.ERASURE_LOG = "/var/lib/block94/erasures.log"
    process.env.DROP_SEED_DIR = "/var/lib/block94/seeds"
    process.env.DROPS_FILE = "/tmp/drops.json"
    expect(readSignupSettings(SITE)).toMatchObject({
      erasureLog: "/var/lib/block94/erasures.log",
      dropSeedDir: "/var/lib/block94/seeds",
      dropsFile: "/tmp/drops.json",
    })
    delete process.env.DATABASE_URL
    delete process.env.ERASURE_LOG
    delete process.env.DROP_SEED_DIR
    process.env.NETLIFY = "true"
    expect(readSignupSettings(SITE)).toMatchObject({ erasureLog: "/srv/block94/.data/erasures.log", dropSeedDir: null })
  })

  it("takes the database, mail, proxy, boost and site address from the environment", () => {
    Object.assign(process.env, {
      DATABASE_URL: "postgres://u:p@db.example/list",
      DATABASE_POOL_SIZE: "3",
      SMTP_URL: "smtps://u:p@smtp.example",
      MAIL_FROM: "Drops <drop@block94.example>",
      TRUST_PROXY: "1",
      CLIENT_ADDRESS_HEADER: " X-NF-Client-Connection-IP ",
      REFERRAL_BOOST: "25",
      SITE_URL: "https://preview.block94.example/",
    })
    expect(readSignupSettings(SITE)).toMatchObject({
      databaseUrl: "postgres://u:p@db.example/list",
      databasePoolSize: 3,
      smtpUrl: "smtps://u:p@smtp.example",
      mailFrom: "Drops <drop@block94.example>",
      trustProxy: "1",
      clientAddressHeader: "x-nf-client-connection-ip",
      referralBoost: 25,
      siteUrl: "https://preview.block94.example",
    })
  })

  it("points links at the development server under npm start, unless SITE_URL says otherwise", () => {
    process.env.NODE_ENV = "development"
    expect(readSignupSettings(SITE).siteUrl).toBe("http://localhost:8000")
    process.env.SITE_URL = "http://localhost:9000/"
    expect(readSignupSettings(SITE).siteUrl).toBe("http://localhost:9000")
    process.env.NODE_ENV = "production"
    delete process.env.SITE_URL
    expect(readSignupSettings(SITE).siteUrl).toBe("https://block94.example")
  })

  it.each([
    ["AWS_LAMBDA_FUNCTION_NAME", "AWS Lambda"],
    ["NETLIFY", "Netlify"],
  ])("knows a serverless platform by %s, and keeps its connection pool small", (name, platform) => {
    process.env[name] = "yes"
    expect(readSignupSettings(SITE)).toMatchObject({ serverless: platform, databasePoolSize: 2 })
  })
})

describe("runtime settings inside a Gatsby Functions bundle", () => {
  // Builds settings.ts the way Gatsby 5 builds Functions (webpack, babel TypeScript,
  // DefinePlugin with every build-time variable as `process.env.NAME` plus `process.env` -> `({})`,
  // see node_modules/gatsby/dist/internal-plugins/functions/gatsby-node.js), then runs the bundle
  // with different values, as `gatsby serve` on a server would.
  let dir: string
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "runtime-settings-"))
  })
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true })
  })

  const buildScript = (entries: Record<string, string>, outDir: string): string => `
    const webpack = require(${JSON.stringify(require.resolve("webpack"))})
    const buildEnv = { SIGNUPS_FILE: "/build-time/signups.db", SIGNUP_RATE_LIMIT: "1", SIGNUP_RATE_WINDOW_MS: "5" }
    const definitions = Object.keys(buildEnv).reduce((acc, key) => {
      acc["process.env." + key] = JSON.stringify(buildEnv[key])
      return acc
    }, { "process.env": "({})" })
    webpack({
      mode: "production",
      target: "node",
      entry: ${JSON.stringify(entries)},
      output: { path: ${JSON.stringify(outDir)}, filename: "[name].js", libraryTarget: "commonjs2" },
      resolve: { extensions: [".ts", "..."] },
      optimization: { minimize: false },
      module: { rules: [{ test: /\\.ts$/, use: { loader: ${JSON.stringify(require.resolve("babel-loader"))},
        options: { babelrc: false, configFile: false, presets: [${JSON.stringify(require.resolve("@babel/preset-typescript"))}] } } }] },
      plugins: [new webpack.DefinePlugin(definitions)],
    }, (error, stats) => {
      if (error || stats.hasErrors()) { console.error(error || stats.toString()); process.exit(1) }
    })
  `

  it("reads the values the server runs with, not the ones from the build", async () => {
    const outDir = path.join(dir, "out")
    // A plain `process.env.SIGNUPS_FILE` read, built the same way, shows the rewrite does happen.
    const control = path.join(dir, "control.js")
    await fs.writeFile(control, "module.exports = { signupsFile: () => process.env.SIGNUPS_FILE, dynamic: (name) => process.env[name] }\n")
    const script = path.join(dir, "build.js")
    await fs.writeFile(script, buildScript({ settings: path.resolve(__dirname, "..", "settings.ts"), control }, outDir))
    execFileSync(process.execPath, [script], { stdio: "pipe" })

    const runtimeEnv = {
      ...process.env,
      SIGNUPS_FILE: "/run-time/signups.db",
      SIGNUP_RATE_LIMIT: "7",
      SIGNUP_RATE_WINDOW_MS: "9000",
    }
    const run = (code: string): unknown => JSON.parse(execFileSync(process.execPath, ["-e", code], { env: runtimeEnv, cwd: dir, encoding: "utf8" }))

    expect(
      run(
        `const c = require(${JSON.stringify(path.join(outDir, "control.js"))}); console.log(JSON.stringify([c.signupsFile(), c.dynamic("SIGNUPS_FILE") ?? null]))`,
      ),
    ).toEqual(["/build-time/signups.db", null])
    const site = JSON.stringify(SITE)
    expect(run(`console.log(JSON.stringify(require(${JSON.stringify(path.join(outDir, "settings.js"))}).readSignupSettings(${site})))`)).toMatchObject({
      signupsFile: "/run-time/signups.db",
      rateLimit: 7,
      rateWindowMs: 9000,
    })
  }, 60_000)
})

describe("who can join in production", () => {
  it("needs double opt-in: without SMTP_URL signups are refused with a reason naming it, unless single opt-in is switched on", () => {
    process.env.NODE_ENV = "production"
    const refused = optInProblem(readSignupSettings(SITE))
    expect(refused).toMatch(/^Signups need double opt-in in production: set SMTP_URL/)
    expect(refused).toContain("SIGNUP_SINGLE_OPT_IN=1")
    process.env.SIGNUP_SINGLE_OPT_IN = "1"
    expect(readSignupSettings(SITE)).toMatchObject({ production: true, singleOptIn: true })
    expect(optInProblem(readSignupSettings(SITE))).toBeNull()
    delete process.env.SIGNUP_SINGLE_OPT_IN
    process.env.SMTP_URL = "smtp://127.0.0.1:2525"
    expect(optInProblem(readSignupSettings(SITE))).toBeNull()
  })

  it("lets development run without mail, as single opt-in", () => {
    process.env.NODE_ENV = "development"
    expect(readSignupSettings(SITE)).toMatchObject({ production: false, singleOptIn: false })
    expect(optInProblem(readSignupSettings(SITE))).toBeNull()
  })
})

describe("the list's pepper", () => {
  it("is required with PostgreSQL in production, naming LIST_PEPPER and where to keep a copy", () => {
    process.env.NODE_ENV = "production"
    process.env.DATABASE_URL = "postgres://list@db.example/list"
    const refused = pepperProblem(readSignupSettings(SITE))
    expect(refused).toMatch(/^LIST_PEPPER is not set: with PostgreSQL/)
    expect(refused).toContain("keep a copy apart from the database and its backups")
    process.env.LIST_PEPPER = ` ${"p".repeat(32)} `
    expect(readSignupSettings(SITE).listPepper).toBe("p".repeat(32))
    expect(pepperProblem(readSignupSettings(SITE))).toBeNull()
  })

  it("is not needed beside the embedded database (a file beside it) nor in development, but one too short is refused anywhere", () => {
    process.env.NODE_ENV = "production"
    expect(pepperProblem(readSignupSettings(SITE))).toBeNull()
    process.env.NODE_ENV = "development"
    process.env.DATABASE_URL = "postgres://list@db.example/list"
    expect(pepperProblem(readSignupSettings(SITE))).toBeNull()
    process.env.LIST_PEPPER = "salt"
    expect(pepperProblem(readSignupSettings(SITE))).toMatch(/^LIST_PEPPER is 4 characters long: set LIST_PEPPER to a random secret of at least 32 characters/)
  })
})

describe("the owner's and the shop's secrets", () => {
  const GOOD = "k3Jq9vXw2LmP8rT5yZ0aB7cD4eF6gH1i"
  it("refuses one shorter than 32 characters, saying why, and takes a long random one", () => {
    process.env.OWNER_TOKEN = "hunter2"
    expect(secretProblem("OWNER_TOKEN")).toMatch(/^OWNER_TOKEN is 7 characters long: set a random secret of at least 32 characters/)
    expect(readSecret("OWNER_TOKEN")).toBeUndefined()
    process.env.OWNER_TOKEN = ` ${GOOD} `
    expect(secretProblem("OWNER_TOKEN")).toBeNull()
    expect(readSecret("OWNER_TOKEN")).toBe(GOOD)
    process.env.INVITE_API_TOKEN = "short"
    expect(readSignupSettings(SITE).inviteApiToken).toBeUndefined()
  })

  it("refuses one with whitespace inside, which an Authorization header could never carry to match it", () => {
    process.env.OWNER_TOKEN = "correct horse battery staple and more words"
    expect(secretProblem("OWNER_TOKEN")).toMatch(/^OWNER_TOKEN holds whitespace, which a request's "Authorization: Bearer" header cannot carry/)
    expect(readSecret("OWNER_TOKEN")).toBeUndefined()
    process.env.INVITE_API_TOKEN = `${GOOD}\tmore`
    expect(readSignupSettings(SITE).inviteApiToken).toBeUndefined()
    process.env.OWNER_TOKEN = `${GOOD}é`
    expect(secretProblem("OWNER_TOKEN")).toMatch(/holds characters other than visible ASCII/)
  })

  it.each([
    ["one character", "o".repeat(32), /only 1 different characters/],
    ["a few characters", "abcabcabcabcabcabcabcabcabcabcabcab", /only 3 different characters/],
    ["a phrase repeated", "Block94-Owner!Block94-Owner!Block94-Owner!", /one piece repeated/],
    ["nine characters in all", "123456789".repeat(3) + "98765", /only 9 different characters/],
  ])("refuses one with too little variety (%s), saying so", (_case, secret, reason) => {
    process.env.OWNER_TOKEN = secret
    expect(secretProblem("OWNER_TOKEN")).toMatch(/^OWNER_TOKEN has too little variety/)
    expect(secretProblem("OWNER_TOKEN")).toMatch(reason)
    expect(readSecret("OWNER_TOKEN")).toBeUndefined()
  })

  it("takes what the docs tell people to make: openssl rand -base64 32 and -hex 24", () => {
    for (const secret of ["q0V2m8mX6r4v1Xc9JH1V2Yw0w6D4hZc3yQ8f3mH8e7s=", "3f9a1c7be24d08f6a5c3e19b7d2f4a60c8e1b9d37a2f5c04"]) {
      process.env.OWNER_TOKEN = secret
      expect(secretProblem("OWNER_TOKEN")).toBeNull()
    }
  })
})

describe("how long a signup nobody confirmed is kept", () => {
  const DAY = 24 * 60 * 60 * 1000
  it("is 7 days unless PENDING_SIGNUP_DAYS shortens it", () => {
    expect(readRetention(undefined)).toEqual({ pendingMs: 7 * DAY, problems: [] })
    expect(readRetention("2")).toEqual({ pendingMs: 2 * DAY, problems: [] })
  })

  it("never lengthens it past the privacy page's promise: a longer or unreadable value is named and 7 days kept", () => {
    for (const raw of ["30", "0", "1.5", "a week"]) {
      const { pendingMs, problems } = readRetention(raw)
      expect(pendingMs).toBe(7 * DAY)
      expect(problems).toEqual([expect.stringContaining(`PENDING_SIGNUP_DAYS is "${raw}"`)])
    }
  })
})
