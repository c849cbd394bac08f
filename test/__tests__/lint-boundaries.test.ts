// The lint rules that keep each folder to what may run where, tried on code a newcomer might write.
import { spawnSync } from "node:child_process"
import { resolve } from "node:path"

const PROJECT_DIR = resolve(__dirname, "../..")

/** Lints `code` as if it were the file at `filePath`; returns the rule ids it broke. */
const brokenRules = (filePath: string, code: string): string[] => {
  const run = spawnSync("npx", ["eslint", "--format", "json", "--stdin", "--stdin-filename", filePath], {
    cwd: PROJECT_DIR,
    input: code,
    encoding: "utf8",
    timeout: 60_000,
  })
  const [result] = JSON.parse(run.stdout) as Array<{ messages: Array<{ ruleId: string | null; message: string }> }>
  return result.messages.map((message) => message.ruleId ?? message.message)
}

const RESTRICTED = "@typescript-eslint/no-restricted-imports"

describe("what browser code may import", () => {
  it.each([
    ["a Node module", "src/components/home/Fake.tsx", 'import { readFileSync } from "node:fs"\nexport const read = readFileSync'],
    ["the signup server", "src/lib/fake.ts", 'import { handleSignupRequest } from "../server/http/signup-handler"\nexport const handle = handleSignupRequest'],
    ["zod", "src/components/forms/Fake.tsx", 'import { z } from "zod"\nexport const email = z.email()'],
    [
      "the content plugin's code",
      "src/pages/fake.tsx",
      'import { CONTENT_FILES } from "../../plugins/content-model/model"\nexport const files = CONTENT_FILES',
    ],
  ])("refuses %s", (_what, filePath, code) => {
    expect(brokenRules(filePath, code)).toContain(RESTRICTED)
  })

  it("allows types from the request schema and the content model", () => {
    const code = [
      'import type { SignupRequest } from "../../signup/schema"',
      'import type { IconName } from "../../../plugins/content-model/model"',
      "export type Request = SignupRequest",
      "export type Icon = IconName",
      "",
    ].join("\n")
    expect(brokenRules("src/components/forms/Fake.tsx", code)).toEqual([])
  })
})

describe("what server code may import", () => {
  it("refuses browser components", () => {
    const code = 'import { SignupForm } from "../../components/forms/SignupForm"\nexport const form = SignupForm'
    expect(brokenRules("src/server/waitlist/fake.ts", code)).toContain(RESTRICTED)
  })

  it.each([
    ["the stores", "src/server/store/fake.ts", 'import { handleSignupRequest } from "../http/signup-handler"\nexport const handle = handleSignupRequest'],
    ["the outbox", "src/server/outbox/mail/fake.ts", 'import { signupRuntime } from "../../runtime/runtime"\nexport const runtime = signupRuntime'],
    ["the waitlist's rules", "src/server/waitlist/fake.ts", 'import { buildServer } from "../prod/server"\nexport const server = buildServer'],
  ])("keeps the request handlers and the wiring out of %s", (_room, filePath, code) => {
    expect(brokenRules(filePath, code)).toContain(RESTRICTED)
  })

  it.each([
    ["keys/ imports no other room", "src/server/keys/fake.ts", 'import type { SignupStore } from "../store/store"\nexport type Store = SignupStore'],
    [
      "the store imports not the waitlist's rules",
      "src/server/store/fake.ts",
      'import type { ServiceSettings } from "../waitlist/service"\nexport type Settings = ServiceSettings',
    ],
    [
      "the store's contract imports not the outbox",
      "src/server/store/contract/fake.ts",
      'import type { EmailProvider } from "../../outbox/providers/provider"\nexport type Provider = EmailProvider',
    ],
    ["the waitlist imports not the outbox", "src/server/waitlist/fake.ts", 'import type { Deliver } from "../outbox/outbox"\nexport type Delivery = Deliver'],
    ["the drop imports not backups", "src/server/drop/fake.ts", 'import type { ErasureEntry } from "../backup/erasure-log"\nexport type Entry = ErasureEntry'],
    [
      "the outbox imports not settings/",
      "src/server/outbox/fake.ts",
      'import type { SignupSettings } from "../settings/settings"\nexport type Settings = SignupSettings',
    ],
    [
      "backups import not settings/",
      "src/server/backup/fake.ts",
      'import type { SignupSettings } from "../settings/settings"\nexport type Settings = SignupSettings',
    ],
    [
      "the handlers import not settings/",
      "src/server/http/fake.ts",
      'import type { SignupSettings } from "../settings/settings"\nexport type Settings = SignupSettings',
    ],
    [
      "settings/ imports not the wiring",
      "src/server/settings/fake.ts",
      'import type { SignupRuntime } from "../runtime/runtime"\nexport type Runtime = SignupRuntime',
    ],
  ])("keeps the rooms' direction, type imports counted: %s", (_rule, filePath, code) => {
    expect(brokenRules(filePath, code)).toContain("import-x/no-restricted-paths")
  })

  it("lets a room import the rooms below it", () => {
    const code =
      'import type { SignupStore } from "../store/store"\nimport { hashToken } from "../keys/codes"\nexport type Store = SignupStore\nexport const hash = hashToken'
    expect(brokenRules("src/server/waitlist/fake.ts", code)).toEqual([])
  })

  it("reads the environment in src/server/settings/ only", () => {
    const code = 'export const siteUrl = process.env.SITE_URL ?? ""'
    expect(brokenRules("src/server/waitlist/fake.ts", code)).toContain("no-restricted-properties")
    expect(brokenRules("src/server/settings/fake.ts", code)).toEqual([])
  })

  it("refuses an import cycle", () => {
    // queued-message.ts imports links.ts: links.ts importing it back would close a cycle.
    const code = 'import { queuedMessage } from "./queued-message"\nexport const message = queuedMessage'
    expect(brokenRules("src/server/waitlist/links.ts", code)).toContain("import-x/no-cycle")
  })
})
