/**
 * Runs one of the owner's commands (`tools/cli/<name>`) as the owner does: a Node process of its own
 * in the repository, with `env` over this one's environment (undefined removes a variable; CLOCK_OFFSET_MS moves its
 * clock). Resolves with its exit code and output, whether it succeeded or not.
 */
import { execFile } from "node:child_process"
import { join, resolve } from "node:path"
import { promisify } from "node:util"

const ROOT = resolve(__dirname, "..")

export interface ToolRun {
  code: number
  stdout: string
  stderr: string
}

/** This process's environment with `env` over it; an undefined value removes that variable. */
const withEnv = (env: Record<string, string | undefined>): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries({ ...process.env, ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined))

/** Node's arguments to run a script: with the clock moved (test/clock-offset.ts) when CLOCK_OFFSET_MS is given. */
export const nodeArguments = (env: Record<string, string | undefined>, script: string): string[] => [
  "--import",
  "tsx",
  ...(env.CLOCK_OFFSET_MS ? ["--import", join(ROOT, "test", "clock-offset.ts")] : []),
  script,
]

export const runTool = async (tool: string, env: Record<string, string | undefined>, ...args: string[]): Promise<ToolRun> => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [...nodeArguments(env, join(ROOT, "tools", "cli", tool)), ...args], {
      cwd: ROOT,
      env: withEnv(env),
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}
