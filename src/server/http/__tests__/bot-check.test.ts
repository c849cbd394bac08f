// The bot check: the browser's solver against the server's check (altcha-lib), and the check in
// front of signup and resend over a real store on each engine: monitor counts what enforce refuses,
// a solution is taken once, a person with a solution gets through.
import { errorMessage } from "../../../signup/errors"
import { webcrypto } from "node:crypto"
import { solutionField, solve } from "../../../lib/proof-of-work"
import { checkSolution, CHALLENGE_TTL_MS, newChallenge, parseBotCheckMode, solveForRequest, type BotCheckMode } from "../bot-check"
import { handleChallengeRequest, handleResendRequest, handleSignupRequest } from "../signup-handler"
import { type ApiRequest, type HandlerDependencies } from "../kit"
import { createRateLimiter } from "../rate-limit"
import { createSignupService } from "../../waitlist/service"
import { allRows, type SignupStore } from "../../store/store"
import { storeEngines } from "../../../../test/store-engines"

const SECRET = "bot-check-secret-for-tests-0123456789"
const NOW = new Date()

describe("the proof of work", () => {
  it("the browser's solver finds what the server's check accepts", async () => {
    const challenge = await newChallenge(SECRET, NOW)
    const solution = await solve(challenge, webcrypto.subtle as SubtleCrypto)
    expect(solution).not.toBeNull()
    const field = solutionField(challenge, solution as { counter: number; derivedKey: string })
    await expect(checkSolution(field, SECRET, NOW)).resolves.toMatchObject({ verdict: "passed", signature: challenge.signature })
  })

  it("refuses what is missing, malformed, forged, tampered with or expired", async () => {
    const challenge = await newChallenge(SECRET, NOW)
    const good = await solveForRequest(challenge)
    await expect(checkSolution(undefined, SECRET, NOW)).resolves.toMatchObject({ verdict: "missing" })
    await expect(checkSolution("not base64 json", SECRET, NOW)).resolves.toMatchObject({ verdict: "invalid" })
    await expect(checkSolution(good, "another-secret-0123456789abcdefghij", NOW)).resolves.toMatchObject({ verdict: "invalid" })
    const payload = JSON.parse(Buffer.from(good, "base64").toString("utf8"))
    payload.solution.counter += 1
    await expect(checkSolution(Buffer.from(JSON.stringify(payload)).toString("base64"), SECRET, NOW)).resolves.toMatchObject({ verdict: "invalid" })
    await expect(checkSolution(good, SECRET, new Date(NOW.getTime() + CHALLENGE_TTL_MS + 60_000))).resolves.toMatchObject({ verdict: "expired" })
  })

  it("reads the mode, monitor when unset, and names a wrong one", () => {
    expect(parseBotCheckMode(undefined)).toEqual({ mode: "monitor", problem: null })
    expect(parseBotCheckMode(" Enforce ")).toEqual({ mode: "enforce", problem: null })
    expect(parseBotCheckMode("strict").problem).toMatch(/^ALTCHA_MODE is "strict": use off, monitor or enforce/)
  })
})

const engines: Array<[string, () => Promise<SignupStore>]> = storeEngines()

const request = (body: unknown, method = "POST"): ApiRequest => ({
  method,
  headers: { "content-type": "application/json" },
  query: new URLSearchParams(),
  clientKey: "203.0.113.5",
  readBody: async () => ({ kind: "bytes", bytes: Buffer.from(JSON.stringify(body), "utf8") }),
})

const signup = (email: string, altcha?: string) => ({ email, source: "website_signup", timestamp: NOW.toISOString(), ...(altcha ? { altcha } : {}) })

describe.each(engines)("the bot check in front of the list, on %s", (_name, openStore) => {
  const stores: SignupStore[] = []
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()))
  })

  const setUp = async (mode: BotCheckMode) => {
    const store = await openStore()
    stores.push(store)
    const deps: HandlerDependencies = {
      service: createSignupService({ store, mail: null, settings: { siteUrl: "https://block94.example", referralBoost: 10 } }),
      rateLimiter: createRateLimiter(1000, 60_000),
      now: () => new Date(),
      logError: () => undefined,
      botCheck: { mode, secret: SECRET, record: (check, now) => store.checkChallenge(check, now) },
    }
    const solved = async () => solveForRequest((await handleChallengeRequest(request(undefined, "GET"), deps)).body as never)
    const emails = async () => (await allRows(store)).map((row) => row.signup.email)
    const counts = async () => (await store.ownerSummary(new Date(), { days: 1, limit: 1 })).botCheck
    return { deps, solved, emails, counts }
  }

  it("enforce: refuses a signup without a solution, or with one used before, and takes a person's", async () => {
    const { deps, solved, emails, counts } = await setUp("enforce")
    const refused = await handleSignupRequest(request(signup("bot@example.com")), deps)
    expect(refused).toMatchObject({ status: 403, body: { error: errorMessage("bot_check_failed"), code: "bot_check_failed" } })
    const solution = await solved()
    expect((await handleSignupRequest(request(signup("person@example.com", solution)), deps)).status).toBe(201)
    expect((await handleSignupRequest(request(signup("replay@example.com", solution)), deps)).status).toBe(403)
    expect((await handleResendRequest(request({ email: "person@example.com" }), deps)).status).toBe(403)
    expect((await handleResendRequest(request({ email: "person@example.com", altcha: await solved() }), deps)).status).toBe(202)
    expect(await emails()).toEqual(["person@example.com"])
    await expect(counts()).resolves.toEqual({ passed: 2, refused: 3, wouldRefuse: 0, replayed: 1, missing: 2 })
  })

  it("monitor: lets everything through and counts what enforce would refuse", async () => {
    const { deps, solved, emails, counts } = await setUp("monitor")
    expect((await handleSignupRequest(request(signup("no-solution@example.com")), deps)).status).toBe(201)
    expect((await handleSignupRequest(request(signup("with-solution@example.com", await solved())), deps)).status).toBe(201)
    expect(await emails()).toEqual(["no-solution@example.com", "with-solution@example.com"])
    await expect(counts()).resolves.toEqual({ passed: 1, refused: 0, wouldRefuse: 1, replayed: 0, missing: 1 })
  })

  it("a crowd's checks, arriving together, each keep their own verdict and count: one solution sent twice at once passes once", async () => {
    const { deps, solved, emails, counts } = await setUp("enforce")
    const twice = await solved()
    const solutions = [twice, twice, ...(await Promise.all(Array.from({ length: 8 }, solved)))]
    const answers = await Promise.all([
      ...solutions.map((solution, index) => handleSignupRequest(request(signup(`person${index}@example.com`, solution)), deps)),
      ...Array.from({ length: 10 }, (_, index) => handleSignupRequest(request(signup(`bot${index}@example.com`)), deps)),
    ])
    const statuses = answers.map((answer) => answer.status)
    // Which of the two copies is taken first depends on which check finishes first; only one is.
    expect(statuses.slice(0, 2).sort()).toEqual([201, 403])
    expect(statuses.slice(2)).toEqual([...Array(8).fill(201), ...Array(10).fill(403)])
    expect(await emails()).toHaveLength(9)
    await expect(counts()).resolves.toEqual({ passed: 9, refused: 11, wouldRefuse: 0, replayed: 1, missing: 10 })
  })

  it("off: gives no challenge and checks nothing", async () => {
    const { deps, counts } = await setUp("off")
    expect((await handleChallengeRequest(request(undefined, "GET"), deps)).status).toBe(404)
    expect((await handleSignupRequest(request(signup("anyone@example.com")), deps)).status).toBe(201)
    await expect(counts()).resolves.toEqual({ passed: 0, refused: 0, wouldRefuse: 0, replayed: 0, missing: 0 })
  })
})

describe("a bot check whose record cannot be written", () => {
  const setUp = async (mode: BotCheckMode) => {
    const store = await storeEngines()[0][1]()
    const logged: string[] = []
    const deps: HandlerDependencies = {
      service: createSignupService({ store, mail: null, settings: { siteUrl: "https://block94.example", referralBoost: 10 } }),
      rateLimiter: createRateLimiter(1000, 60_000),
      now: () => new Date(),
      logError: (message) => void logged.push(message),
      botCheck: { mode, secret: SECRET, record: () => Promise.reject(new Error("the counters' disk is gone")) },
    }
    return { store, deps, logged }
  }

  it("monitor: the signup is kept and answered as usual, and the lost count is logged", async () => {
    const { store, deps, logged } = await setUp("monitor")
    try {
      expect((await handleSignupRequest(request(signup("kept@example.com")), deps)).status).toBe(201)
      expect((await allRows(store)).map((row) => row.signup.email)).toEqual(["kept@example.com"])
      expect(logged).toEqual(["bot check: a check could not be counted"])
    } finally {
      await store.close()
    }
  })

  it("enforce: nothing is stored and the visitor is told to try again", async () => {
    const { store, deps } = await setUp("enforce")
    try {
      expect((await handleSignupRequest(request(signup("not-kept@example.com")), deps)).status).toBe(500)
      expect(await allRows(store)).toEqual([])
    } finally {
      await store.close()
    }
  })
})
