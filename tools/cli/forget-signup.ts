// `npm run signups:forget -- someone@example.com`: answers an erasure request that came by email.
// The person is erased at once, as when they leave by an email's unsubscribe link or their status
// page: their signup, tokens, mail waiting for them, attribution and referral code; the people
// behind move up and their referrer loses the referral. Only a one-way key of the address is kept
// (also when no one had it), so an import cannot add it back; a signup of their own still can.
// It reads the store the service uses (DATABASE_URL, else SIGNUPS_FILE) and runs safely beside a
// live server. It prints whether anyone was found, never the address.
import { isValidEmail } from "../../src/signup/rules"
import { openStore, SITE_FACTS } from "../../src/server/runtime/runtime"
import { createSignupService } from "../../src/server/waitlist/service"
import { readSignupSettings } from "../../src/server/settings/settings"
import { COMMAND_LINE_ACTOR } from "../../src/signup/owner-summary"
import { keepNewFilesPrivate } from "../../src/server/runtime/private-files"

const main = async (): Promise<number> => {
  keepNewFilesPrivate()
  const email = process.argv[2]?.trim() ?? ""
  if (!isValidEmail(email) || process.argv.length > 3) {
    console.error("Usage: npm run signups:forget -- someone@example.com   (one address)")
    return 2
  }
  const settings = readSignupSettings(SITE_FACTS)
  const from = settings.databaseUrl ? "PostgreSQL (DATABASE_URL)" : settings.signupsFile
  const store = openStore(settings)
  try {
    const service = createSignupService({ store, mail: null, settings })
    const now = new Date()
    const { found } = await service.forget(email, now)
    await store.recordAudit(
      { actor: COMMAND_LINE_ACTOR, action: "erasure", count: 1, detail: found ? "someone on the list" : "no one on the list had it" },
      now,
    )
    console.log(
      found
        ? `Found and erased from ${from}: the signup with that address, its place, links, mail and referrals. Only a one-way key of the address is kept, so an import cannot add it back.`
        : `No one on the list in ${from} has that address. Its one-way key is kept all the same, so an import cannot add it later.`,
    )
    return 0
  } finally {
    await store.close()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error("signups:forget failed:", error instanceof Error ? error.message : error)
    process.exit(1)
  },
)
