// `npm run waitlist:invite -- --next 500`: invites the next 500 confirmed people by place who have
// no invitation yet; `--email someone@example.com` invites one person; `--dry-run` prints whom it
// would invite (place and address) and changes nothing. Each invitation is a single-use code in an
// email written to the outbox with it: a running server sends it within seconds, a scheduled
// `npm run mail:send` on serverless hosts. Running it twice never invites anyone twice. It uses the
// store the service uses (DATABASE_URL, else SIGNUPS_FILE) and runs safely beside a live server.
import { inviteNext, inviteOne, type InviteWave } from "../../src/server/waitlist/invitations"
import { openStore, SITE_FACTS } from "../../src/server/runtime/runtime"
import { readSignupSettings } from "../../src/server/settings/settings"
import { COMMAND_LINE_ACTOR } from "../../src/signup/owner-summary"
import { isValidEmail } from "../../src/signup/rules"
import { keepNewFilesPrivate } from "../../src/server/runtime/private-files"

export const USAGE = `Usage:
  npm run waitlist:invite -- --next 500                   invite the next 500 confirmed people by place
  npm run waitlist:invite -- --email someone@example.com  invite one confirmed person
  add --dry-run to see whom it would invite, changing nothing`

export type InviteCommand = { kind: "next"; count: number; dryRun: boolean } | { kind: "email"; email: string; dryRun: boolean }

/** The command line's arguments as a command, or what is wrong with them. */
export const parseInviteArguments = (args: readonly string[]): InviteCommand | { error: string } => {
  let count: number | undefined
  let email: string | undefined
  let dryRun = false
  for (let at = 0; at < args.length; at += 1) {
    const arg = args[at]
    const [name, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined]
    const value = () => inline ?? args[(at += 1)]
    if (name === "--dry-run" && inline === undefined) dryRun = true
    else if (name === "--next") {
      if (count !== undefined) return { error: "--next is given twice" }
      const raw = value()
      if (raw === undefined || !/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw)))
        return { error: `--next needs how many people to invite, a whole number from 1 (got ${raw === undefined ? "nothing" : `"${raw}"`})` }
      count = Number(raw)
    } else if (name === "--email") {
      if (email !== undefined) return { error: "--email is given twice: invite one person at a time" }
      const raw = value()?.trim()
      if (!raw || !isValidEmail(raw)) return { error: `--email needs a valid email address (got ${raw ? `"${raw}"` : "nothing"})` }
      email = raw
    } else return { error: `"${arg}" is not an option of waitlist:invite` }
  }
  if (count !== undefined && email !== undefined) return { error: "give either --next or --email, not both" }
  if (count !== undefined) return { kind: "next", count, dryRun }
  if (email !== undefined) return { kind: "email", email, dryRun }
  return { error: "say whom to invite: --next <how many> or --email <address>" }
}

const places = (wave: InviteWave): string => {
  const positions = wave.invited.map(({ position }) => position)
  return positions.length === 1 ? `place ${positions[0]}` : `places ${Math.min(...positions)} to ${Math.max(...positions)}`
}

/** The summary the owner reads: who (place and address), how many, and where the emails are. */
export const formatWave = (wave: InviteWave, asked: number | null, from: string): string => {
  const lines = wave.invited.map(({ email, position }) => `  #${position}  ${email}`)
  const count = wave.invited.length
  const people = `${count} ${count === 1 ? "person" : "people"}`
  if (wave.dryRun) {
    return [
      count === 0
        ? `Dry run: no one to invite in ${from}: everyone confirmed has an invitation already.`
        : `Dry run: would invite ${people} (${places(wave)}) from ${from}:`,
      ...lines,
      "Nothing was sent or changed.",
      "",
    ].join("\n")
  }
  if (count === 0) return `No one invited: everyone confirmed in ${from} has an invitation already.\n`
  return [
    `Invited ${people} (${places(wave)}) from ${from}:`,
    ...lines,
    ...(asked !== null && count < asked ? [`Only ${people} were left to invite (asked for ${asked}).`] : []),
    "Their invitation emails are in the outbox: a running server sends them within seconds; on serverless hosts, run `npm run mail:send`.",
    "",
  ].join("\n")
}

const main = async (): Promise<number> => {
  keepNewFilesPrivate()
  const command = parseInviteArguments(process.argv.slice(2))
  if ("error" in command) {
    console.error(`waitlist:invite: ${command.error}\n\n${USAGE}`)
    return 1
  }
  const settings = readSignupSettings(SITE_FACTS)
  const from = settings.databaseUrl ? "PostgreSQL (DATABASE_URL)" : settings.signupsFile
  const store = openStore(settings)
  try {
    const now = new Date()
    if (command.kind === "next") {
      const wave = await inviteNext(store, settings, command, now)
      if (!wave.dryRun && wave.invited.length > 0) {
        await store.recordAudit({ actor: COMMAND_LINE_ACTOR, action: "invitation wave", count: wave.invited.length, detail: `asked for ${command.count}` }, now)
      }
      process.stdout.write(formatWave(wave, command.count, from))
      return 0
    }
    const result = await inviteOne(store, settings, command, now)
    if (result.kind === "wave") {
      if (!result.wave.dryRun && result.wave.invited.length > 0) {
        await store.recordAudit(
          { actor: COMMAND_LINE_ACTOR, action: "invitation wave", count: result.wave.invited.length, detail: "one person by address" },
          now,
        )
      }
      process.stdout.write(formatWave(result.wave, null, from))
      return 0
    }
    const why = {
      notOnList: `No one on the list in ${from} has that address (people who left are erased and cannot be invited).`,
      notConfirmed: "That person has not confirmed their address yet: only confirmed people can be invited.",
      alreadyInvited: "That person has an invitation already: no one is invited twice.",
    }[result.kind]
    console.error(`waitlist:invite: ${why}`)
    return 1
  } finally {
    await store.close()
  }
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error("waitlist:invite failed:", error instanceof Error ? error.message : error)
      process.exit(1)
    },
  )
}
