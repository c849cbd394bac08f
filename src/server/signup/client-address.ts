/**
 * Which client a request comes from, for rate limiting. `X-Forwarded-For` is anyone's to write,
 * so it counts only as far as `TRUST_PROXY` says: a number of proxies in front of the server
 * (each adds the address it saw), or the addresses and subnets of trusted proxies. Without it,
 * the socket's peer address counts. A host whose edge writes the visitor's address into a header
 * of its own (Netlify: `x-nf-client-connection-ip`) is named by `CLIENT_ADDRESS_HEADER`; that
 * header then wins. The Gatsby Function and the production server use this one rule
 * (proxy-addr, the library Express and Fastify use).
 */
import proxyaddr from "proxy-addr"

export type TrustProxy = (address: string, hop: number) => boolean

const TRUST_NOBODY: TrustProxy = () => false

/**
 * The `TRUST_PROXY` setting as a trust rule: unset, "false" or "0" trusts no proxy; a whole
 * number trusts that many hops; otherwise a comma-separated list of addresses, subnets
 * (10.0.0.0/8) or proxy-addr's names (loopback, linklocal, uniquelocal).
 */
export const parseTrustProxy = (setting: string | undefined): TrustProxy => {
  const value = setting?.trim() ?? ""
  if (value === "" || value === "false" || value === "0") return TRUST_NOBODY
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  const trusted = proxyaddr.compile(value.split(",").map((part) => part.trim()).filter(Boolean))
  return (address, hop) => trusted(address, hop)
}

export type RequestHeaders = Record<string, string | string[] | undefined>

/** How a request's client is found: which proxies to believe, and the host's own header, if any. */
export interface ClientAddressRule {
  trust: TrustProxy
  /** A header only the host's edge writes, holding the visitor's address (lower case). */
  header?: string
}

const firstValue = (value: string | string[] | undefined): string | undefined => {
  const first = (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim()
  return first ? first : undefined
}

/**
 * The client's address: the host's header when one is named and present; else the socket's
 * peer, or the nearest untrusted address in `X-Forwarded-For`.
 */
export const clientAddress = (socketAddress: string | undefined, headers: RequestHeaders, rule: ClientAddressRule): string => {
  const fromHost = rule.header ? firstValue(headers[rule.header]) : undefined
  if (fromHost) return fromHost
  if (!socketAddress) return "unknown"
  const forwardedFor = headers["x-forwarded-for"]
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor
  const request = { connection: { remoteAddress: socketAddress }, socket: { remoteAddress: socketAddress }, headers: header ? { "x-forwarded-for": header } : {} }
  return proxyaddr(request as unknown as Parameters<typeof proxyaddr>[0], rule.trust)
}
