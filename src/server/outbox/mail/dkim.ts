/**
 * DKIM signing in the sender (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY), so the signature
 * covers what RFC 8058 requires: both List-Unsubscribe and List-Unsubscribe-Post. A relay's own
 * signing (nodemailer's and OpenDKIM's default header lists) leaves the second out, and Gmail and
 * Yahoo then ignore the one-click header of bulk mail. What the owner must publish is worked out
 * here too, for `npm run mail:check`.
 */
import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto"
import { existsSync, readFileSync } from "node:fs"

export interface DkimKey {
  domainName: string
  keySelector: string
  /** PEM. */
  privateKey: string
}

/**
 * The headers the signature covers: nodemailer's defaults with List-Unsubscribe-Post added
 * (RFC 8058 section 4), each once; a header that a message does not have is signed as absent,
 * so nobody can add one on the way.
 */
export const DKIM_SIGNED_HEADERS = [
  "From",
  "Sender",
  "Reply-To",
  "Subject",
  "Date",
  "Message-ID",
  "To",
  "Cc",
  "MIME-Version",
  "Content-Type",
  "Content-Transfer-Encoding",
  "In-Reply-To",
  "References",
  "List-Id",
  "List-Unsubscribe",
  "List-Unsubscribe-Post",
].join(":")

/** DKIM_PRIVATE_KEY is the PEM itself (line breaks may be written as \n) or the path of a file holding it. */
const pemOf = (raw: string): string | null => {
  const text = raw.includes("-----BEGIN") ? raw.replace(/\\n/g, "\n") : existsSync(raw) ? readFileSync(raw, "utf8") : null
  return text?.trim() ? `${text.trim()}\n` : null
}

/** The DKIM settings given, or null when none are; throws naming what is wrong. */
export const parseDkim = (domain: string | undefined, selector: string | undefined, key: string | undefined): DkimKey | null => {
  if (domain === undefined && selector === undefined && key === undefined) return null
  const missing = [
    ["DKIM_DOMAIN", domain],
    ["DKIM_SELECTOR", selector],
    ["DKIM_PRIVATE_KEY", key],
  ]
    .filter(([, value]) => value === undefined)
    .map(([name]) => name)
  if (missing.length > 0)
    throw new Error(
      `DKIM needs DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY; ${missing.join(" and ")} ${missing.length === 1 ? "is" : "are"} not set: mail goes out unsigned`,
    )
  const pem = pemOf(key as string)
  if (!pem) throw new Error("DKIM_PRIVATE_KEY is neither a PEM private key nor a file holding one: mail goes out unsigned")
  let parsed: KeyObject
  try {
    parsed = createPrivateKey(pem)
  } catch (error) {
    throw new Error(`DKIM_PRIVATE_KEY could not be read (${error instanceof Error ? error.message : String(error)}): mail goes out unsigned`, { cause: error })
  }
  // nodemailer signs rsa-sha256, which every receiver checks (Ed25519 is not checked by all).
  if (parsed.asymmetricKeyType !== "rsa")
    throw new Error(
      `DKIM_PRIVATE_KEY is a ${parsed.asymmetricKeyType} key; DKIM here takes an RSA key of 2048 bits (\`openssl genrsa 2048\`): mail goes out unsigned`,
    )
  return { domainName: (domain as string).trim().toLowerCase(), keySelector: (selector as string).trim(), privateKey: pem }
}

/** The TXT record to publish at `<selector>._domainkey.<domain>`. */
export const dkimRecord = (key: DkimKey): { name: string; value: string } => {
  const p = createPublicKey(key.privateKey).export({ type: "spki", format: "der" }).toString("base64")
  return { name: `${key.keySelector}._domainkey.${key.domainName}`, value: `v=DKIM1; k=rsa; p=${p}` }
}
