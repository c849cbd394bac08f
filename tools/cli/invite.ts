// `npm run waitlist:invite -- --next 500`: invites the next 500 confirmed people by place who have
// no invitation yet; `--email someone@example.com` invites one person; `--dry-run` prints whom it
// would invite (place and address) and changes nothing. Each invitation is a single-use code in an
// email written to the outbox with it: a running server sends it within seconds, a scheduled
// `npm run mail:send` on serverless hosts. Running it twice never invites anyone twice. It uses the
// store the service uses (DATABASE_URL, else SIGNUPS_FILE) and runs safely beside a live server.
import { inviteNext, inviteOne, type InviteWave } from "../../src/server/waitlist/invitations"
import { COMMAND_LINE_ACTOR } from "../../src/signup/owner-summary"
import { isValidEmail } from "../../src/signup/rules"
import { isArgumentError, readCommandLine, runWhenMain, type CommandContext } from "./command"

export const USAGE = `Usage:
  npm run waitlist:invite -- --next 500                   invite the next 500 confirmed people by place
  npm run waitlist:invite -- --email someone@example.com  invite one confirmed person
  add --dry-run to see whom it would invite, changing nothing`

export type InviteCommand = { kind: "next"; count: number; dryRun: boolean } | { kind: "email"; email: string; dryRun: boolean }

const OPTIONS = {
  next: { type: "string", needs: "how many people to invite, a whole number from 1" },
  email: { type: "string", needs: "a valid email address" },
  "dry-run": { type: "boolean" },
} as const

/** The command line's arguments as a command, or what is wrong with them. */
export function parseInviteArguments(args: readonly string[]): InviteCommand | { error: string } {
  const line = readCommandLine("waitlist:invite", OPTIONS, args)
  if (isArgumentError(line)) return line.error === "--email is given twice" ? { error: "--email is given twice: invite one person at a time" } : line
  const { values, positionals } = line
  if (positionals.length > 0) return { error: `"${positionals[0]}" is not an option of waitlist:invite` }
  const dryRun = values["dry-run"] === true
  const next = typeof values.next === "string" ? values.next : undefined
  const email = typeof values.email === "string" ? values.email.trim() : undefined
  if (next !== undefined && (!/^\d+$/.test(next) || Number(next) < 1 || !Number.isSafeInteger(Number(next))))
    return { error: `--next needs ${OPTIONS.next.needs} (got "${next}")` }
  if (email !== undefined && !isValidEmail(email)) return { error: `--email needs ${OPTIONS.email.needs} (got "${email}")` }
  if (next !== undefined && email !== undefined) return { error: "give either --next or --email, not both" }
  if (next !== undefined) return { kind: "next", count: Number(next), dryRun }
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

async function invite(command: InviteCommand, { settings, where: from, store: openStore }: CommandContext): Promise<number> {
  const store = openStore()
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
      await store.recordAudit({ actor: COMMAND_LINE_ACTOR, action: "invitation wave", count: result.wave.invited.length, detail: "one person by address" }, now)
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
}

runWhenMain(module, { name: "waitlist:invite", usage: USAGE, parse: parseInviteArguments, usageExitCode: 1, run: invite })
