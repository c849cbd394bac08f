// `npm run signups:forget -- someone@example.com`: answers an erasure request that came by email.
// The person is erased at once, as when they leave by an email's unsubscribe link or their status
// page: their signup, tokens, mail waiting for them, attribution and referral code; the people
// behind move up and their referrer loses the referral. Only a one-way key of the address is kept
// (also when no one had it), so an import cannot add it back; a signup of their own still can.
// It reads the store the service uses (DATABASE_URL, else SIGNUPS_FILE) and runs safely beside a
// live server. It prints whether anyone was found, never the address.
import { isValidEmail } from "../../src/signup/rules"
import { createSignupService } from "../../src/server/waitlist/service"
import { COMMAND_LINE_ACTOR } from "../../src/signup/owner-summary"
import { isArgumentError, readCommandLine, runWhenMain, type CommandContext } from "./command"

const USAGE = "Usage: npm run signups:forget -- someone@example.com   (one address)"

function parseForget(args: readonly string[]): { email: string } | { error: string } {
  const line = readCommandLine("signups:forget", {}, args)
  if (isArgumentError(line)) return line
  const email = line.positionals[0]?.trim() ?? ""
  if (!isValidEmail(email) || line.positionals.length > 1) return { error: "give one email address" }
  return { email }
}

async function forget({ email }: { email: string }, { settings, where, store: openStore }: CommandContext): Promise<number> {
  const store = openStore()
  const service = createSignupService({ store, mail: null, settings })
  const now = new Date()
  const { found } = await service.forget(email, now)
  await store.recordAudit({ actor: COMMAND_LINE_ACTOR, action: "erasure", count: 1, detail: found ? "someone on the list" : "no one on the list had it" }, now)
  console.log(
    found
      ? `Found and erased from ${where}: the signup with that address, its place, links, mail and referrals. Only a one-way key of the address is kept, so an import cannot add it back.`
      : `No one on the list in ${where} has that address. Its one-way key is kept all the same, so an import cannot add it later.`,
  )
  return 0
}

runWhenMain(module, { name: "signups:forget", usage: USAGE, parse: parseForget, run: forget })
