// What `mail:check` tells the owner, against a DNS of the test's own.
import { generateKeyPairSync } from "node:crypto"
import { dkimRecord, parseDkim, type DkimKey } from "../dkim"
import { fromDomain, mailDnsReport, type ResolveTxt } from "../dns-check"

const pem = () => generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString()
const key = parseDkim("block94.com", "drop2026", pem()) as DkimKey

const dnsWith =
  (records: Record<string, string[]>): ResolveTxt =>
  async (name) => {
    const found = records[name]
    if (!found) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" })
    // As DNS hands them over: a long record in 255-character pieces.
    return found.map((value) => value.match(/.{1,255}/g) ?? [value])
  }

describe("npm run mail:check", () => {
  it("reads the domain of MAIL_FROM either way it is written", () => {
    expect(fromDomain("Block 94 <drop@Block94.com>")).toBe("block94.com")
    expect(fromDomain("drop@block94.com")).toBe("block94.com")
  })

  it("gives the DKIM record to publish and names each missing record", async () => {
    const report = await mailDnsReport({ mailFrom: "Block 94 <drop@block94.com>", dkim: key }, dnsWith({}))
    expect(report.text).toContain(`publish TXT drop2026._domainkey.block94.com\n    ${dkimRecord(key).value}`)
    expect(report.text).toContain("NOT PUBLISHED yet: receivers cannot check the signature")
    expect(report.text).toContain('publish TXT block94.com "v=spf1 include:')
    expect(report.text).toContain('publish TXT _dmarc.block94.com "v=DMARC1; p=none')
    expect(report.toFix).toBe(3)
  })

  it("says so when everything published matches, and catches a record with another key", async () => {
    const published = {
      "drop2026._domainkey.block94.com": [dkimRecord(key).value],
      "block94.com": ["google-site-verification=x", "v=spf1 include:_spf.relay.example ~all"],
      "_dmarc.block94.com": ["v=DMARC1; p=quarantine"],
    }
    const good = await mailDnsReport({ mailFrom: "drop@block94.com", dkim: key }, dnsWith(published))
    expect(good.text).toContain("published, and it matches DKIM_PRIVATE_KEY")
    expect(good.text).toContain("published: v=spf1 include:_spf.relay.example ~all")
    expect(good).toMatchObject({ toFix: 0, text: expect.stringContaining("Nothing to fix.") })

    const other = parseDkim("block94.com", "drop2026", pem()) as DkimKey
    const stale = await mailDnsReport({ mailFrom: "drop@block94.com", dkim: other }, dnsWith(published))
    expect(stale.text).toContain("PUBLISHED WITH ANOTHER KEY")
    expect(stale.toFix).toBe(1)
  })

  it("says when DNS cannot be asked, rather than calling records missing", async () => {
    const offline: ResolveTxt = async () => {
      throw Object.assign(new Error("queryTxt ECONNREFUSED"), { code: "ECONNREFUSED" })
    }
    const report = await mailDnsReport({ mailFrom: "drop@block94.com", dkim: null }, offline)
    expect(report.text).toContain("SPF: DNS could not be asked (ECONNREFUSED")
    expect(report.text).toContain("not signed here")
    expect(report.toFix).toBe(0)
  })
})
