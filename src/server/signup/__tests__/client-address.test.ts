import { clientAddress, parseTrustProxy, type ClientAddressRule } from "../client-address"

const forwarded = (value: string | undefined) => (value === undefined ? {} : { "x-forwarded-for": value })
const rule = (trustProxy: string | undefined, header?: string): ClientAddressRule => ({ trust: parseTrustProxy(trustProxy), header })

describe("clientAddress", () => {
  it("without TRUST_PROXY, takes the socket's address and ignores X-Forwarded-For", () => {
    expect(clientAddress("203.0.113.7", forwarded("1.2.3.4"), rule(undefined))).toBe("203.0.113.7")
    expect(clientAddress("203.0.113.7", forwarded("5.6.7.8, 1.2.3.4"), rule(undefined))).toBe("203.0.113.7")
    expect(clientAddress("203.0.113.7", forwarded(undefined), rule("false"))).toBe("203.0.113.7")
  })

  it("with a hop count, takes the address the nearest trusted proxy saw", () => {
    expect(clientAddress("10.0.0.2", forwarded("9.9.9.9, 198.51.100.4"), rule("1"))).toBe("198.51.100.4")
    expect(clientAddress("10.0.0.2", forwarded(undefined), rule("1"))).toBe("10.0.0.2")
  })

  it("with trusted addresses or subnets, skips only those", () => {
    expect(clientAddress("127.0.0.1", forwarded("198.51.100.4, 10.1.2.3"), rule("10.0.0.0/8, loopback"))).toBe("198.51.100.4")
    expect(clientAddress("203.0.113.7", forwarded("198.51.100.4"), rule("10.0.0.0/8, loopback"))).toBe("203.0.113.7")
  })

  it("says unknown without a socket address", () => {
    expect(clientAddress(undefined, forwarded("1.2.3.4"), rule("1"))).toBe("unknown")
  })

  it("takes the host's own header when CLIENT_ADDRESS_HEADER names it (Netlify), and falls back without it", () => {
    const netlify = rule(undefined, "x-nf-client-connection-ip")
    expect(clientAddress(undefined, { "x-nf-client-connection-ip": "198.51.100.9", "x-forwarded-for": "6.6.6.6" }, netlify)).toBe("198.51.100.9")
    expect(clientAddress("10.0.0.2", { "x-nf-client-connection-ip": ["198.51.100.9"] }, netlify)).toBe("198.51.100.9")
    expect(clientAddress("10.0.0.2", { "x-nf-client-connection-ip": "  " }, netlify)).toBe("10.0.0.2")
    expect(clientAddress("10.0.0.2", forwarded("6.6.6.6"), netlify)).toBe("10.0.0.2")
  })
})
