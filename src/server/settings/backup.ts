/** The backups' settings (backup/settings.ts says what each means), read from the environment now. */
import { parseBackupSettings, type BackupSettings } from "../backup/settings"
import { readSetting, type SignupSettings } from "./settings"

export type { BackupSettings }

/** The embedded database's backups, for the list the signup settings name (its erasure log among them). */
export const readBackupSettings = (list: Pick<SignupSettings, "signupsFile" | "erasureLog">): BackupSettings => parseBackupSettings(readSetting, list)
