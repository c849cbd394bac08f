/**
 * The owner's commands share one runner: it parses the command line with Node's `parseArgs`, reads
 * the settings, opens the store the service uses when the command asks for it (PostgreSQL with
 * DATABASE_URL, else the SQLite file at SIGNUPS_FILE) and names it, closes it however the command
 * ends, keeps the files it writes to the owner (umask 077), and sets the exit code: 0 done, 2 for
 * arguments it cannot run with, the command's own code, 1 when it failed.
 */
import { parseArgs } from "node:util"
import { keepNewFilesPrivate } from "../../src/server/runtime/private-files"
import { openStore, SITE_FACTS } from "../../src/server/runtime/runtime"
import { readSignupSettings, type SignupSettings } from "../../src/server/settings/settings"
import type { SignupStore } from "../../src/server/store/store"

/** An option of a command: a flag, or one that takes a value, with what that value must be. */
export type OptionSpec = { type: "boolean" } | { type: "string"; needs: string }

export interface CommandLine {
  values: Partial<Record<string, string | boolean>>
  positionals: string[]
}

/** Whether parsing gave a command line or what is wrong with it. */
export const isArgumentError = <T extends object>(parsed: T | { error: string }): parsed is { error: string } => "error" in parsed

/**
 * `args` read against `options` (each once at most) by `parseArgs`, or what is wrong in the words
 * the owner reads: `"--all" is not an option of waitlist:invite`, `--next needs … (got nothing)`.
 */
export function readCommandLine(name: string, options: Record<string, OptionSpec>, args: readonly string[]): CommandLine | { error: string } {
  const config = Object.fromEntries(Object.entries(options).map(([option, spec]) => [option, { type: spec.type }]))
  try {
    const { values, positionals, tokens } = parseArgs({ args: [...args], options: config, allowPositionals: true, strict: true, tokens: true })
    const seen = new Set<string>()
    for (const token of tokens) {
      if (token.kind !== "option") continue
      if (seen.has(token.name)) return { error: `--${token.name} is given twice` }
      seen.add(token.name)
      const spec = options[token.name]
      if (spec.type === "string" && (token.value === undefined || token.value === "" || (token.inlineValue === false && token.value.startsWith("--"))))
        return { error: missingValue(token.name, spec.needs, token.value) }
    }
    return { values, positionals }
  } catch (error) {
    return { error: parseError(name, options, error, args) }
  }
}

function missingValue(option: string, needs: string, value: string | undefined): string {
  return `--${option} needs ${needs} (got ${value ? `"${value}"` : "nothing"})`
}

/** parseArgs's own refusals, said as the owner's commands say them. */
function parseError(name: string, options: Record<string, OptionSpec>, error: unknown, args: readonly string[]): string {
  const code = (error as { code?: string }).code
  const message = error instanceof Error ? error.message : String(error)
  const named = /'(--?[^' ]+)/.exec(message)?.[1] ?? ""
  const option = options[named.replace(/^--?/, "")]
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option?.type === "string") return missingValue(named.replace(/^--?/, ""), option.needs, undefined)
  const given = args.find((arg) => arg === named || arg.startsWith(`${named}=`)) ?? named
  return `"${given}" is not an option of ${name}`
}

/** The command takes no arguments. */
export function noArguments(name: string) {
  return (args: readonly string[]) => {
    const line = readCommandLine(name, {}, args)
    if (isArgumentError(line)) return line
    return line.positionals.length > 0 ? { error: `"${line.positionals[0]}" is not an argument of ${name}` } : {}
  }
}

export interface CommandContext {
  settings: SignupSettings
  /** Where the list is, as the owner reads it: "PostgreSQL (DATABASE_URL)" or the SQLite file's path. */
  where: string
  /** The store, opened on first use and closed by the runner. */
  store(): SignupStore
}

export interface OwnerCommand<Parsed> {
  /** The npm script's name, which messages start with. */
  name: string
  usage: string
  /** The command line as what the command needs, or what is wrong with it (exit 2 with the usage). */
  parse(args: readonly string[]): Parsed | { error: string }
  /** The exit code for arguments it cannot run with (2 unless the command has always said otherwise). */
  usageExitCode?: number
  run(parsed: Parsed, context: CommandContext): Promise<number | void>
}

/** Runs `command` with this process's arguments and settings and sets the exit code. */
export async function runCommand<Parsed extends object>(command: OwnerCommand<Parsed>, args = process.argv.slice(2)): Promise<number> {
  // What a command writes (exports, snapshots, seeds) is the owner's alone.
  keepNewFilesPrivate()
  const parsed = command.parse(args)
  if (isArgumentError(parsed)) {
    console.error(`${command.name}: ${parsed.error}\n\n${command.usage}`)
    return (process.exitCode = command.usageExitCode ?? 2)
  }
  let opened: SignupStore | null = null
  try {
    const settings = readSignupSettings(SITE_FACTS)
    const context: CommandContext = {
      settings,
      where: settings.databaseUrl ? "PostgreSQL (DATABASE_URL)" : settings.signupsFile,
      store: () => (opened ??= openStore(settings)),
    }
    return (process.exitCode = (await command.run(parsed, context)) ?? 0)
  } catch (error) {
    console.error(`${command.name} failed:`, error instanceof Error ? error.message : error)
    return (process.exitCode = 1)
  } finally {
    await (opened as SignupStore | null)?.close()
  }
}

/** Runs `command` when its file is the script Node was started with (not when a test imports it). */
export function runWhenMain<Parsed extends object>(module: NodeJS.Module, command: OwnerCommand<Parsed>): void {
  if (require.main === module) void runCommand(command).then((code) => process.exit(code))
}
