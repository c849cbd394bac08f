/**
 * Which client a request comes from, for rate limiting. `X-Forwarded-For` is anyone's to write,
 * so it counts only as far as `TRUST_PROXY` says: a number of proxies in front of the server
 * (each adds the address it saw), or the addresses and subnets of trusted proxies. Without it,
 * the socket's peer address counts. A host whose edge writes the visitor's address into a header
 * of its own (Netlify: `x-nf-client-connection-ip`) is named by `CLIENT_ADDRESS_HEADER`; that
 * header then wins. The Gatsby Function and the production server use this one rule
 * (proxy-addr, the library Express and Fastify use). `rateLimitKey` then says whose limit a
 * request counts against.
 */
import { isIPv6 } from "node:net"
import proxyaddr from "proxy-addr"

export type TrustProxy = (address: string, hop: number) => boolean

const TRUST_NOBODY: TrustProxy = () => false

/**
 * The `TRUST_PROXY` setting as a trust rule: unset, "false" or "0" trusts no proxy; a whole
 * number trusts that many hops; otherwise a comma-separated list of addresses, subnets
 * (10.0.0.0/8) or proxy-addr's names (loopback, linklocal, uniquelocal).
 */
export function parseTrustProxy(setting: string | undefined): TrustProxy {
  const value = setting?.trim() ?? ""
  if (value === "" || value === "false" || value === "0") return TRUST_NOBODY
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  const trusted = proxyaddr.compile(
    value
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  )
  return (address, hop) => trusted(address, hop)
}

export type RequestHeaders = Record<string, string | string[] | undefined>

/** How a request's client is found: which proxies to believe, and the host's own header, if any. */
export interface ClientAddressRule {
  trust: TrustProxy
  /** A header only the host's edge writes, holding the visitor's address (lower case). */
  header?: string
}

function firstValue(value: string | string[] | undefined): string | undefined {
  const first = (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim()
  return first ? first : undefined
}

/**
 * The client's address: the host's header when one is named and present; else the socket's
 * peer, or the nearest untrusted address in `X-Forwarded-For`.
 */
export function clientAddress(socketAddress: string | undefined, headers: RequestHeaders, rule: ClientAddressRule): string {
  const fromHost = rule.header ? firstValue(headers[rule.header]) : undefined
  if (fromHost) return fromHost
  if (!socketAddress) return "unknown"
  const forwardedFor = headers["x-forwarded-for"]
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor
  const request = {
    connection: { remoteAddress: socketAddress },
    socket: { remoteAddress: socketAddress },
    headers: header ? { "x-forwarded-for": header } : {},
  }
  return proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], rule.trust)
}

/** An IPv6 address written the one standard way (RFC 5952), from its eight 16-bit groups. */
function formatIpv6(groups: number[]): string {
  return new URL(`http://[${groups.map((group) => group.toString(16)).join(":")}]/`).hostname.slice(1, -1)
}

/** The eight 16-bit groups of an IPv6 address (without a zone). */
function ipv6Groups(address: string): number[] {
  // The URL parser reads every IPv6 form and writes hex groups only, with at most one "::".
  const [head, tail] = new URL(`http://[${address}]/`).hostname.slice(1, -1).split("::")
  const groupsOf = (part: string | undefined): number[] => (part ? part.split(":").map((group) => parseInt(group, 16)) : [])
  const left = groupsOf(head)
  const right = groupsOf(tail)
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right]
}

/**
 * The key a client's rate limit is kept under. An IPv6 client counts by its /64: one subscriber
 * is routinely given a whole /64 and can pick any address in it, so a single address would let
 * one person past the limit at will. An IPv4 address counts alone, and so does one written as
 * IPv6 (::ffff:1.2.3.4, as a dual-stack socket reports IPv4 peers). Anything else ("unknown")
 * is its own key.
 */
export function rateLimitKey(address: string): string {
  if (!isIPv6(address)) return address
  // A zone (fe80::1%eth0) names our own network interface, not the client.
  const groups = ipv6Groups(address.split("%")[0])
  const isMappedIpv4 = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff
  if (isMappedIpv4) return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".")
  return `${formatIpv6([...groups.slice(0, 4), 0, 0, 0, 0])}/64`
}

/**
 * The network a client's key belongs to, for the limits and fraud signals that look past one
 * client: an IPv4 address's /24 (a school, an office, a carrier's block), an IPv6 client's /48
 * (a site: what one subscriber or one organisation may be given, so a client that picks a new
 * /64 for every request stays on one network). Anything else ("unknown") is its own network.
 */
export function networkKey(clientKey: string): string {
  const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(clientKey)
  if (ipv4) return `${ipv4[1]}.${ipv4[2]}.${ipv4[3]}.0/24`
  if (clientKey.endsWith("/64")) return `${formatIpv6([...ipv6Groups(clientKey.slice(0, -3)).slice(0, 3), 0, 0, 0, 0, 0])}/48`
  return clientKey
}

/** Loopback, private and link-local ranges: a proxy's or our own address, never a visitor's. */
const NOT_A_VISITOR = proxyaddr.compile(["loopback", "linklocal", "uniquelocal"])

/**
 * The network the fraud signals compare (see store/referral-review.ts), or null when the client's
 * key says nothing of the visitor: "unknown", or a loopback or private address, which is what
 * every request looks like behind a proxy that TRUST_PROXY does not name.
 */
export function signalNetwork(clientKey: string): string | null {
  const address = clientKey.replace(/\/64$/, "")
  if (clientKey === "unknown" || NOT_A_VISITOR(address.endsWith("::") ? `${address}1` : address, 0)) return null
  return networkKey(clientKey)
}
