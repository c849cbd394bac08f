/**
 * Which addresses a webhook may not reach: a receiver is a server on the internet, never this
 * machine, its network or a cloud's metadata service (server-side request forgery). Checked on
 * the literal host of a URL and again on every address its name resolves to when it is sent.
 */
import { BlockList, isIP } from "node:net"

/** Ranges that are not the public internet (RFC 6890 and friends), IPv4 and IPv6. */
const NOT_PUBLIC: ReadonlyArray<[network: string, prefix: number, family: "ipv4" | "ipv6"]> = [
  ["0.0.0.0", 8, "ipv4"], // "this network"
  ["10.0.0.0", 8, "ipv4"], // private
  ["100.64.0.0", 10, "ipv4"], // carrier-grade NAT
  ["127.0.0.0", 8, "ipv4"], // loopback
  ["169.254.0.0", 16, "ipv4"], // link-local (cloud metadata lives here)
  ["172.16.0.0", 12, "ipv4"], // private
  ["192.0.0.0", 24, "ipv4"], // IETF protocol assignments
  ["192.0.2.0", 24, "ipv4"], // documentation
  ["192.88.99.0", 24, "ipv4"], // 6to4 relay
  ["192.168.0.0", 16, "ipv4"], // private
  ["198.18.0.0", 15, "ipv4"], // benchmarking
  ["198.51.100.0", 24, "ipv4"], // documentation
  ["203.0.113.0", 24, "ipv4"], // documentation
  ["224.0.0.0", 4, "ipv4"], // multicast
  ["240.0.0.0", 4, "ipv4"], // reserved, and broadcast
  ["::", 128, "ipv6"], // unspecified
  ["::1", 128, "ipv6"], // loopback
  ["64:ff9b:1::", 48, "ipv6"], // local-use NAT64
  ["100::", 64, "ipv6"], // discard
  ["2001:db8::", 32, "ipv6"], // documentation
  ["fc00::", 7, "ipv6"], // unique local
  ["fe80::", 10, "ipv6"], // link-local
  ["fec0::", 10, "ipv6"], // site-local (deprecated)
  ["ff00::", 8, "ipv6"], // multicast
]

const notPublic = new BlockList()
for (const [network, prefix, family] of NOT_PUBLIC) notPublic.addSubnet(network, prefix, family)

/** The IPv4 address inside a NAT64 address (64:ff9b::/96), which reaches that IPv4 address. */
const nat64Inner = (address: string): string | null => {
  const match = /^64:ff9b::(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address)
  if (!match) return null
  if (match[1]) return match[1]
  const high = Number.parseInt(match[2], 16)
  const low = Number.parseInt(match[3], 16)
  return [high >> 8, high & 255, low >> 8, low & 255].join(".")
}

/**
 * Whether an IP address is private, loopback, link-local, unique-local or otherwise not on the
 * public internet. IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) count as their IPv4 address.
 * Anything that is not an IP address counts as not public.
 */
export const isPrivateAddress = (address: string): boolean => {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "")
  const family = isIP(bare)
  if (family === 4) return notPublic.check(bare, "ipv4")
  if (family === 6) {
    const inner = nat64Inner(bare)
    return notPublic.check(bare, "ipv6") || (inner !== null && notPublic.check(inner, "ipv4"))
  }
  return true
}
