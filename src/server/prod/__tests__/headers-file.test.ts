import { headersForPath, normalisePath, parseHeadersFile } from "../headers-file"

const HEADERS_FILE = `/*
  Content-Security-Policy: default-src 'self'
  X-Frame-Options: DENY
  Cache-Control: public, max-age=0, must-revalidate

/*.js
  Cache-Control: public, max-age=31536000, immutable

/admin/*
  ! Content-Security-Policy
  Content-Security-Policy: default-src 'self'; script-src 'self' 'unsafe-eval'
  ! Cache-Control
  Cache-Control: no-cache
  X-Robots-Tag: noindex
`

describe("_headers rules", () => {
  const headersFor = headersForPath(parseHeadersFile(HEADERS_FILE))

  it("give a path the headers of every matching block, later blocks winning", () => {
    expect(headersFor("/about/")).toEqual({
      "Content-Security-Policy": "default-src 'self'",
      "X-Frame-Options": "DENY",
      "Cache-Control": "public, max-age=0, must-revalidate",
    })
    expect(headersFor("/app-1.js")["Cache-Control"]).toBe("public, max-age=31536000, immutable")
  })

  it('read "! Name" as removing what earlier blocks set, so a block can replace a header', () => {
    expect(headersFor("/admin/decap-cms.js")).toEqual({
      "Content-Security-Policy": "default-src 'self'; script-src 'self' 'unsafe-eval'",
      "X-Frame-Options": "DENY",
      "Cache-Control": "no-cache",
      "X-Robots-Tag": "noindex",
    })
    expect(parseHeadersFile(HEADERS_FILE)[2].detach).toEqual(["Content-Security-Policy", "Cache-Control"])
  })
})

describe("normalisePath", () => {
  it.each([
    ["/owner/", "/owner/"],
    ["/%6fwner/", "/owner/"],
    ["/%6Fwner/index.html", "/owner/index.html"],
    ["//owner/", "/owner/"],
    ["/about/../owner/", "/owner/"],
    ["/./owner/.", "/owner/"],
    ["/owner%2F", "/owner/"],
    ["/..%2f..%2fowner/", "/owner/"],
    ["/\\owner\\", "/owner/"],
    ["/", "/"],
    ["/%E0%A4%A", "/%E0%A4%A"],
  ])("reads %j as the file server does: %j", (path, normalised) => {
    expect(normalisePath(path)).toBe(normalised)
  })

  it("gives another spelling of the owner's page the owner's headers", () => {
    const headersFor = headersForPath(
      parseHeadersFile("/*\n  Cache-Control: public\n\n/owner/*\n  ! Cache-Control\n  Cache-Control: no-store\n  Referrer-Policy: no-referrer\n"),
    )
    expect(headersFor(normalisePath("/%6fwner/"))).toEqual({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" })
  })
})
