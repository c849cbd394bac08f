// DKIM as a receiving server checks it: mail from the sender, through a real SMTP server, verified
// with mailauth against the record `mail:check` tells the owner to publish; the signature covers
// both one-click unsubscribe headers (RFC 8058), so nobody on the way can change them.
import { generateKeyPairSync } from "node:crypto"
import { dkimVerify } from "mailauth/lib/dkim/verify"
import { startInbox, type Inbox } from "../../../../../tools/dev/smtp-inbox"
import { dkimRecord, parseDkim, type DkimKey } from "../dkim"
import { createMailer } from "../mailer"

const email = {
  to: "fan@example.com",
  subject: "Confirm your spot",
  text: "Tap to confirm: https://block94.example/confirm/#token=abc",
  html: "<p>Tap to confirm</p>",
  headers: {
    "List-Unsubscribe": "<https://block94.example/api/unsubscribe?token=u1>, <mailto:hello@block94.example?subject=unsubscribe>",
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  },
}

let inbox: Inbox
beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(() => inbox.close())

/** DNS as the receiving server would see it: only the record the owner published. */
const publishing = (key: DkimKey) => {
  const record = dkimRecord(key)
  return async (name: string, type: string) => {
    if (name === record.name && type === "TXT") return [[record.value]]
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" })
  }
}

const signedMessage = async (key: DkimKey) => {
  inbox.messages.splice(0)
  inbox.sources.splice(0)
  const mailer = createMailer({ smtpUrl: inbox.url, from: "Block 94 <drop@block94.example>", dkim: key })
  try {
    await mailer.send(email, "<m1@block94.example>")
  } finally {
    mailer.close()
  }
  return inbox.sources[0]
}

const makeKey = () => generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString()

describe("DKIM signing", () => {
  it("passes verification against the published record, with both unsubscribe headers signed", async () => {
    const key = parseDkim("block94.example", "drop2026", makeKey()) as DkimKey
    const source = await signedMessage(key)
    const { results } = await dkimVerify(source, { resolver: publishing(key) })
    expect(results.map((result: { status: { result: string } }) => result.status.result)).toEqual(["pass"])
    const signature = /^DKIM-Signature:[\s\S]*?(?=\r?\n\S)/m.exec(source.toString())?.[0].replace(/\s+/g, "") ?? ""
    const signed = (/;h=([^;]+)/.exec(signature)?.[1] ?? "").toLowerCase().split(":")
    expect(signed).toEqual(expect.arrayContaining(["from", "subject", "list-unsubscribe", "list-unsubscribe-post"]))
  })

  it("fails verification once a header it covers is changed on the way", async () => {
    const key = parseDkim("block94.example", "drop2026", makeKey()) as DkimKey
    const source = (await signedMessage(key)).toString().replace("List-Unsubscribe=One-Click", "List-Unsubscribe=Two-Click")
    const { results } = await dkimVerify(Buffer.from(source), { resolver: publishing(key) })
    expect(results[0].status.result).toBe("fail")
  })
})

describe("DKIM settings", () => {
  it("are all or nothing, and a key that cannot be read is named", () => {
    expect(parseDkim(undefined, undefined, undefined)).toBeNull()
    expect(() => parseDkim("block94.example", undefined, undefined)).toThrow("DKIM_SELECTOR and DKIM_PRIVATE_KEY are not set")
    expect(() => parseDkim("block94.example", "s1", "not a key")).toThrow("DKIM_PRIVATE_KEY is neither a PEM private key nor a file holding one")
    const ed25519 = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString()
    expect(() => parseDkim("block94.example", "s1", ed25519)).toThrow("DKIM_PRIVATE_KEY is a ed25519 key; DKIM here takes an RSA key")
    const pem = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString()
    // As an environment variable often has it: line breaks written as \n.
    expect(parseDkim("Block94.example", "s1", pem.replace(/\n/g, "\\n"))).toMatchObject({ domainName: "block94.example", keySelector: "s1", privateKey: pem })
  })
})
