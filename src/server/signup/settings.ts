/**
 * Server settings read when the server runs, not when the site is built.
 *
 * Gatsby bundles Functions with webpack and its DefinePlugin rewrites, at build time,
 * `process.env.NAME` (and `process.env["NAME"]`) to the value the variable had during the build,
 * and a bare `process.env` to `({})`, so even `process.env[name]` always yields undefined.
 * Reaching the environment through `globalThis.process` is not rewritten: the read happens on
 * the running server. (A test compiles this file with Gatsby's DefinePlugin setup to prove it.)
 */
import path from "path"

export const DEFAULT_SIGNUPS_FILE = ".data/signups.jsonl"
export const DEFAULT_RATE_LIMIT = 10
export const DEFAULT_RATE_WINDOW_MS = 60_000

/** The environment variable `name` as the running process sees it; empty counts as unset. */
export const readSetting = (name: string): string | undefined => {
  const value = globalThis.process?.env?.[name]
  return value === undefined || value.trim() === "" ? undefined : value
}

const readPositiveInteger = (name: string, fallback: number): number => {
  const raw = readSetting(name)
  if (raw === undefined) return fallback
  const value = Number(raw)
  return Number.isSafeInteger(value) && value > 0 ? value : fallback
}

export interface SignupSettings {
  /** Absolute path of the JSON Lines store. */
  signupsFile: string
  /** Requests one client may send per window. */
  rateLimit: number
  rateWindowMs: number
}

/** Reads the signup settings now; call it per request so a changed environment takes effect. */
export const readSignupSettings = (): SignupSettings => ({
  signupsFile: path.resolve(process.cwd(), readSetting("SIGNUPS_FILE") ?? DEFAULT_SIGNUPS_FILE),
  rateLimit: readPositiveInteger("SIGNUP_RATE_LIMIT", DEFAULT_RATE_LIMIT),
  rateWindowMs: readPositiveInteger("SIGNUP_RATE_WINDOW_MS", DEFAULT_RATE_WINDOW_MS),
})
