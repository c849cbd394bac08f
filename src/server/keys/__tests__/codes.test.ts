import { hashToken, isTokenShape, newReferralCode, newSecretToken, normalizeReferralCode, REFERRAL_CODE_LENGTH } from "../codes"

describe("referral codes", () => {
  it("are 10 characters of Crockford base32 and do not repeat", () => {
    const codes = Array.from({ length: 2000 }, newReferralCode)
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/)
    expect(new Set(codes).size).toBe(codes.length)
    expect(REFERRAL_CODE_LENGTH).toBeGreaterThanOrEqual(10)
  })

  it("forgive case and look-alike letters, and refuse anything else", () => {
    expect(normalizeReferralCode(" abcd1234ef ")).toBe("ABCD1234EF")
    expect(normalizeReferralCode("ABCDIL0OEF")).toBe("ABCD1100EF")
    expect(normalizeReferralCode("ABCDU234EF")).toBeNull()
    expect(normalizeReferralCode("short")).toBeNull()
    expect(normalizeReferralCode("ABCD1234EF'; drop table")).toBeNull()
  })
})

describe("secret tokens", () => {
  it("carry 256 bits and are stored only as a hash", () => {
    const token = newSecretToken()
    expect(Buffer.from(token, "base64url")).toHaveLength(32)
    expect(isTokenShape(token)).toBe(true)
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashToken(token)).not.toContain(token)
    expect(newSecretToken()).not.toBe(token)
  })

  it("refuses strings that cannot be a token without looking them up", () => {
    expect(isTokenShape("abc")).toBe(false)
    expect(isTokenShape(`${"a".repeat(42)}=`)).toBe(false)
    expect(isTokenShape(42)).toBe(false)
  })
})
