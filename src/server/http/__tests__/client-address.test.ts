import { clientAddress, parseTrustProxy, networkKey, rateLimitKey, signalNetwork, type ClientAddressRule } from "../client-address"
import { createRateLimiter } from "../rate-limit"

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

describe("rateLimitKey", () => {
  it("keys an IPv6 client by its /64, written the one standard way", () => {
    expect(rateLimitKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64")
    expect(rateLimitKey("2001:0DB8:0001:0002::1")).toBe("2001:db8:1:2::/64")
    expect(rateLimitKey("2001:db8::1")).toBe("2001:db8::/64")
    expect(rateLimitKey("0:0:0:1::5")).toBe("0:0:0:1::/64")
    expect(rateLimitKey("::1")).toBe("::/64")
    expect(rateLimitKey("fe80::1%eth0")).toBe("fe80::/64")
    expect(rateLimitKey("64:ff9b::198.51.100.7")).toBe("64:ff9b::/64")
  })

  it("gives two addresses in one /64 one bucket, and different /64s their own", () => {
    const limiter = createRateLimiter(2, 60_000, () => 0)
    const hit = (address: string) => limiter.hit(rateLimitKey(address)).allowed
    expect([hit("2001:db8:1:2::1"), hit("2001:db8:1:2:ffff::9"), hit("2001:db8:1:2::abcd")]).toEqual([true, true, false])
    expect([hit("2001:db8:1:3::1"), hit("2001:db8:2:2::1")]).toEqual([true, true])
  })

  it("keys IPv4 by the whole address, also when written as IPv4-mapped IPv6", () => {
    expect(rateLimitKey("198.51.100.7")).toBe("198.51.100.7")
    expect(rateLimitKey("::ffff:198.51.100.7")).toBe("198.51.100.7")
    expect(rateLimitKey("::FFFF:c633:6407")).toBe("198.51.100.7")
    expect(rateLimitKey("::ffff:198.51.100.8")).not.toBe(rateLimitKey("::ffff:198.51.100.7"))
  })

  it("leaves anything that is not an address as it is", () => {
    expect(rateLimitKey("unknown")).toBe("unknown")
    expect(rateLimitKey("::1]/x?[")).toBe("::1]/x?[")
  })
})

describe("networkKey", () => {
  it("puts IPv4 clients of one /24 on one network, and IPv6 clients of one /48", () => {
    expect(networkKey("203.0.113.7")).toBe("203.0.113.0/24")
    expect(networkKey("203.0.113.250")).toBe(networkKey("203.0.113.7"))
    expect(networkKey("203.0.114.7")).not.toBe(networkKey("203.0.113.7"))
    expect(networkKey(rateLimitKey("2001:db8:1:2::9"))).toBe("2001:db8:1::/48")
    // Every /64 of a /48 is on one network; the next /48 is another.
    expect(new Set(Array.from({ length: 300 }, (_, i) => networkKey(rateLimitKey(`2001:db8:1:${i.toString(16)}::1`))))).toEqual(new Set(["2001:db8:1::/48"]))
    expect(networkKey(rateLimitKey("2001:db8:2:1::1"))).toBe("2001:db8:2::/48")
    expect(networkKey("unknown")).toBe("unknown")
  })
})

describe("signalNetwork", () => {
  it("compares visitors' networks, and none for a proxy's or our own address", () => {
    expect(signalNetwork("203.0.113.7")).toBe("203.0.113.0/24")
    expect(signalNetwork("2001:db8:1:2::/64")).toBe("2001:db8:1::/48")
    for (const key of ["127.0.0.1", "10.1.2.3", "192.168.0.9", "172.20.0.1", "::/64", "fe80::/64", "fd00:1::/64", "unknown"])
      expect(signalNetwork(key)).toBeNull()
  })
})
