/**
 * `npm run serve:prod`: serves the built site (public/) and the signup service on HOST:PORT
 * until SIGTERM or SIGINT, then stops taking connections, finishes the requests in flight, gives
 * mail on its way a few seconds to leave, and closes the store. Mail still waiting stays in the
 * outbox for the next start. Every setting is read from the environment when it starts (docs/settings.md).
 */
import { existsSync } from "node:fs"
import { resolve } from "node:path"
import { scheduleBackups } from "../backup/schedule"
import { readBackupSettings } from "../settings/backup"
import type { DropService } from "../drop/service"
import { keepNewFilesPrivate } from "../runtime/private-files"
import { signupRuntime } from "../runtime/runtime"
import { dropUpkeep, purgeStale } from "../runtime/upkeep"
import { readServerSettings, runAsProduction } from "../settings/server"
import { SECRET_SETTINGS, secretProblem } from "../settings/settings"
import { WrongPepperError } from "../store/suppressions"
import { createLineLog } from "./request-log"
import { botCheckNotice } from "../http/bot-check"
import { buildServer, readConnectionLimits } from "./server"
import { HOUR_MS } from "../../signup/durations"

const main = async (): Promise<void> => {
  keepNewFilesPrivate()
  const serverSettings = readServerSettings()
  const { publicDir, host, port } = serverSettings
  if (!existsSync(resolve(publicDir, "index.html"))) throw new Error(`${publicDir} has no built site: run \`npm run build\` first`)
  // A short owner or shop secret could be guessed: the server does not start with one.
  const weakSecret = SECRET_SETTINGS.map((name) => secretProblem(name)).find((problem) => problem !== null)
  if (weakSecret) throw new Error(weakSecret.replace(/; until then.*$/, ""))
  runAsProduction()
  const runtime = signupRuntime()
  if ("unavailable" in runtime.dependencies.service) throw new Error(runtime.dependencies.service.unavailable)
  const requestLog = createLineLog((text) => process.stdout.write(text))
  const app = await buildServer({ publicDir, runtime, log: requestLog.line, limits: readConnectionLimits({ ...runtime.settings, ...serverSettings }) })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.error(`serve:prod: ${signal}: finishing requests in flight, then stopping`)
    app.close().then(
      () => {
        requestLog.flush()
        process.exit(0)
      },
      (error: unknown) => {
        console.error("serve:prod: could not stop cleanly", error)
        process.exit(1)
      },
    )
  }
  process.once("SIGTERM", () => stop("SIGTERM"))
  process.once("SIGINT", () => stop("SIGINT"))

  await app.listen({ host, port })
  // Said before the first request is answered: the start-up work below takes a while on a large list.
  const store = runtime.settings.databaseUrl ? "PostgreSQL (DATABASE_URL)" : runtime.settings.signupsFile
  const mail = runtime.settings.smtpUrl ? "double opt-in by email" : "SINGLE OPT-IN (SIGNUP_SINGLE_OPT_IN=1): addresses are not confirmed by their owners"
  const { urls } = runtime.settings.webhooks
  const webhooks = urls.length > 0 ? `, signed webhooks to ${urls.join(", ")}` : ""
  console.error(`serve:prod: http://${host}:${port}, signups in ${store}, ${mail}${webhooks}`)
  const botCheck = botCheckNotice(runtime.settings.botCheck.mode)
  if (botCheck) console.error(`serve:prod: ${botCheck}`)
  // What the privacy page says is deleted (network fingerprints after a day, unconfirmed signups
  // after PENDING_SIGNUP_DAYS) goes even while nobody signs up.
  const { store: signups } = runtime
  if (signups) {
    // A list keyed with another pepper would let everyone who left back in: stop at once.
    await signups.ping().catch((error: unknown) => {
      if (error instanceof WrongPepperError) throw error
    })
    // The first sweep opens (and on a new machine makes and migrates) the database, before a backup copies it.
    await purgeStale(signups, runtime.settings)
    setInterval(() => void purgeStale(signups, runtime.settings), RETENTION_SWEEP_MS).unref()
  }
  // Drops freeze at their close and pass unused codes on to the reserve list even while nobody asks.
  const { drops } = runtime.dependencies
  if (drops) {
    await dropUpkeep(drops)
    setInterval(() => void dropUpkeep(drops), DROP_UPKEEP_MS).unref()
    freezeAtEachClose(drops)
  }
  if (!runtime.settings.databaseUrl) {
    const backups = readBackupSettings(runtime.settings)
    scheduleBackups(backups, (line) => console.error(`serve:prod: ${line}`))
  }
}

/**
 * Freezes each drop's entries at its close, to the second: the draw's beacon round comes out
 * moments after, and a list frozen later than that is flagged by every verifier.
 */
const freezeAtEachClose = (drops: DropService): void => {
  const next = drops.nextCloseAt(new Date())
  if (!next) return
  // A timer waits at most 2^31 - 1 ms (24.8 days): a later close is looked for again then.
  const wait = Math.min(next.getTime() - Date.now() + CLOSE_MARGIN_MS, 2 ** 31 - 1)
  setTimeout(() => void dropUpkeep(drops).finally(() => freezeAtEachClose(drops)), Math.max(0, wait)).unref()
}

/** A timer may fire a hair early by the wall clock: the freeze waits until the window has surely closed. */
const CLOSE_MARGIN_MS = 5

/** How often serve:prod deletes what the list no longer keeps. */
const RETENTION_SWEEP_MS = HOUR_MS
/** How often serve:prod looks whether a drop closed or a winner's code passed its deadline. */
const DROP_UPKEEP_MS = 60 * 1000

main().catch((error: unknown) => {
  console.error("serve:prod:", error instanceof Error ? error.message : error)
  process.exit(1)
})
