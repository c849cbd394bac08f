import { createHash } from "node:crypto"
import { parseHeadersFile, headersForPath } from "../../../src/server/prod/headers-file"
import {
  adminContentSecurityPolicy,
  contentSecurityPolicy,
  headersFile,
  inlineScripts,
  originOf,
  ownerContentSecurityPolicy,
  scriptHash,
} from "../security-headers"

describe("inline scripts", () => {
  it("finds executable inline scripts and skips external scripts and JSON data blocks", () => {
    const html = `<script>a()</script><script src="/app.js"></script><script type="application/ld+json">{"x":1}</script><script type="module">b()</script><script>  </script>`
    expect(inlineScripts(html)).toEqual(["a()", "b()"])
  })

  it("hashes a script the way browsers check it", () => {
    const expected = createHash("sha256").update("a()").digest("base64")
    expect(scriptHash("a()")).toBe(`'sha256-${expected}'`)
  })
})

describe("content security policy", () => {
  it("allows scripts from the site and the listed hashes only, never eval or framing", () => {
    const csp = contentSecurityPolicy(["'sha256-b'", "'sha256-a'", "'sha256-a'"])
    expect(csp).toContain("script-src 'self' 'sha256-a' 'sha256-b';")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toContain("unsafe-eval")
    expect(csp).toContain("connect-src 'self';")
  })

  it("lets the signup form reach an external provider when one is configured", () => {
    expect(originOf("https://api.example-provider.com/v1/subscribe?x=1")).toBe("https://api.example-provider.com")
    expect(originOf("/api/signup")).toBeNull()
    expect(contentSecurityPolicy([], ["https://api.example-provider.com"])).toContain("connect-src 'self' https://api.example-provider.com")
  })
})

describe("_headers file", () => {
  it("sends security headers everywhere, caches hashed assets for a year and HTML not at all", () => {
    const text = headersFile("default-src 'self'")
    expect(text).toMatch(/^\/\*\n {2}Content-Security-Policy: default-src 'self'\n/)
    expect(text).toContain("  X-Content-Type-Options: nosniff")
    expect(text).toContain("  Strict-Transport-Security: max-age=63072000; includeSubDomains; preload")
    expect(text).toMatch(/\/\*\.js\n {2}Cache-Control: public, max-age=31536000, immutable/)
    expect(text).toMatch(/\/page-data\/\*\n {2}Cache-Control: public, max-age=0, must-revalidate/)
  })
})

describe("the editors' web UI in _headers", () => {
  const blocks = headersFile("default-src 'self'; script-src 'self' 'sha256-a'").split("\n\n")
  const adminBlock = blocks.find((block) => block.startsWith("/admin/*\n")) ?? ""

  it("comes last and replaces the site's policy, opener policy and caching, detaching each first", () => {
    expect(blocks[blocks.length - 1]).toBe(adminBlock)
    for (const name of ["Content-Security-Policy", "Cross-Origin-Opener-Policy", "Cache-Control"]) {
      expect(adminBlock).toMatch(new RegExp(`\\n {2}! ${name}\\n {2}${name}: `))
    }
    expect(adminBlock).toContain("  X-Robots-Tag: noindex, nofollow")
    expect(adminBlock).not.toContain("! X-Robots-Tag")
  })

  it("leaves the public pages' policy as strict as it is", () => {
    expect(blocks[0]).toContain("  Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-a'\n")
    expect(blocks.slice(0, -1).join("\n")).not.toContain("unsafe-eval")
  })

  it("lets Decap CMS compile its form rules and reach GitHub, and the sign-in proxy when there is one", () => {
    const csp = adminContentSecurityPolicy(["https://auth.block94.example"])
    expect(csp).toMatch(/script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval';/)
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.github\.com[^;]*https:\/\/auth\.block94\.example/)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
  })

  it("names no address on the editor's own computer: local editing runs under gatsby develop", () => {
    expect(adminContentSecurityPolicy()).not.toMatch(/localhost|127\.0\.0\.1/)
  })
})

describe("the owner's page in _headers", () => {
  const blocks = headersFile(
    contentSecurityPolicy(["'sha256-a'"], ["https://api.example-provider.com"]),
    adminContentSecurityPolicy(),
    ownerContentSecurityPolicy(["'sha256-a'"]),
  ).split("\n\n")
  const ownerBlock = blocks.find((block) => block.startsWith("/owner/*\n")) ?? ""

  it("replaces the site's policy, referrer policy and caching there: never indexed, never cached", () => {
    for (const name of ["Content-Security-Policy", "Referrer-Policy", "Cache-Control"]) {
      expect(ownerBlock).toMatch(new RegExp(`\\n {2}! ${name}\\n {2}${name}: `))
    }
    expect(ownerBlock).toContain("  X-Robots-Tag: noindex, nofollow")
    expect(ownerBlock).toContain("  Cache-Control: no-store")
    expect(ownerBlock).toContain("  Referrer-Policy: no-referrer")
  })

  it("runs the same scripts, talks to its own server only, and lets no form be sent by the browser", () => {
    const csp = /Content-Security-Policy: (.*)/.exec(ownerBlock)?.[1] ?? ""
    expect(csp).toContain("script-src 'self' 'sha256-a'")
    expect(csp).toContain("connect-src 'self';")
    expect(csp).toContain("form-action 'none'")
    expect(csp).not.toContain("unsafe-eval")
  })
})

describe("pages with a secret in their link", () => {
  const headersFor = headersForPath(parseHeadersFile(headersFile("default-src 'self'", adminContentSecurityPolicy(), ownerContentSecurityPolicy([]))))

  it.each(["/waitlist/", "/confirm/", "/unsubscribe/", "/invite/", "/owner/"])("%s sends no Referer with its own requests and links", (page) => {
    expect(headersFor(page)["Referrer-Policy"]).toBe("no-referrer")
  })

  it("leaves the rest of the site at strict-origin-when-cross-origin", () => {
    expect(headersFor("/")["Referrer-Policy"]).toBe("strict-origin-when-cross-origin")
    expect(headersFor("/about/")["Referrer-Policy"]).toBe("strict-origin-when-cross-origin")
  })
})
