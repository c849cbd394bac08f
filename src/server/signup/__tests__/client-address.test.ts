/** @jest-environment node */
import { clientAddress, parseTrustProxy } from "../client-address"

describe("clientAddress", () => {
  it("uses the socket's peer by default: a made-up X-Forwarded-For changes nothing", () => {
    const trust = parseTrustProxy(undefined)
    expect(clientAddress("203.0.113.7", "1.2.3.4", trust)).toBe("203.0.113.7")
    expect(clientAddress("203.0.113.7", "5.6.7.8, 1.2.3.4", trust)).toBe("203.0.113.7")
    expect(clientAddress("203.0.113.7", undefined, parseTrustProxy("false"))).toBe("203.0.113.7")
  })

  it("with TRUST_PROXY=1 takes the address the one proxy saw, not what the client wrote before it", () => {
    const trust = parseTrustProxy("1")
    // The client wrote "9.9.9.9"; the proxy appended the client's real address 198.51.100.4.
    expect(clientAddress("10.0.0.2", "9.9.9.9, 198.51.100.4", trust)).toBe("198.51.100.4")
    expect(clientAddress("10.0.0.2", undefined, trust)).toBe("10.0.0.2")
  })

  it("with trusted addresses or subnets, skips only those", () => {
    const trust = parseTrustProxy("10.0.0.0/8, loopback")
    expect(clientAddress("127.0.0.1", "198.51.100.4, 10.1.2.3", trust)).toBe("198.51.100.4")
    expect(clientAddress("203.0.113.7", "198.51.100.4", trust)).toBe("203.0.113.7")
  })

  it("says unknown without a socket address", () => {
    expect(clientAddress(undefined, "1.2.3.4", parseTrustProxy("1"))).toBe("unknown")
  })
})
