/**
 * `serve:prod`'s own settings, read when it starts (docs/settings.md, "The production server"):
 *
 *   PUBLIC_DIR                   the built site (default: public/)
 *   HOST, PORT                   where it listens (0.0.0.0:8080)
 *   MAX_CONNECTIONS_PER_CLIENT   open connections one address may hold (64; behind a proxy, none)
 */
import { resolve } from "node:path"
import { readSetting } from "./settings"

export interface ServerSettings {
  publicDir: string
  host: string
  port: number
  /** MAX_CONNECTIONS_PER_CLIENT as given; the server checks it (see `readConnectionLimits`). */
  maxConnectionsPerClient: string | undefined
}

export const readServerSettings = (): ServerSettings => ({
  publicDir: resolve(readSetting("PUBLIC_DIR") ?? "public"),
  host: readSetting("HOST") ?? "0.0.0.0",
  port: Number(readSetting("PORT") ?? 8080),
  maxConnectionsPerClient: readSetting("MAX_CONNECTIONS_PER_CLIENT"),
})

/** The production server is production, whatever the shell says: double opt-in is required. */
export const runAsProduction = (): void => {
  process.env.NODE_ENV = "production"
}
