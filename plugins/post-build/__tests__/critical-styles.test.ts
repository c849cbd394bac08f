import { hasHoistedStyles, hoistComponentStyles } from "../critical-styles"

const PAGE =
  `<html><head><style data-emotion="css-global 1a">body{margin:0}</style></head><body><div id="___gatsby">` +
  `<style data-emotion="css 2b">.css-2b{color:red}</style><h1 class="css-2b">Hi</h1>` +
  `<style data-emotion="css 3c 4d">.css-3c{padding:0}.css-4d{margin:0}</style><p class="css-3c css-4d">There</p>` +
  `</div></body></html>`

describe("hoistComponentStyles", () => {
  const hoisted = hoistComponentStyles(PAGE)

  it("takes every component style out of the body", () => {
    const body = hoisted.slice(hoisted.indexOf("<body>"))
    expect(body).not.toContain("<style")
    expect(body).toContain(`<h1 class="css-2b">Hi</h1><p class="css-3c css-4d">There</p>`)
  })

  it("puts them in one head tag, in page order, named for emotion and marked as moved", () => {
    const head = hoisted.slice(0, hoisted.indexOf("</head>"))
    expect(head).toContain(`<style data-emotion="css 2b 3c 4d" data-s="">.css-2b{color:red}.css-3c{padding:0}.css-4d{margin:0}</style>`)
  })

  it("leaves global styles where they are", () => {
    expect(hoisted).toContain(`<head><style data-emotion="css-global 1a">body{margin:0}</style>`)
  })

  it("refuses a page whose styles it cannot find, so a change in emotion's markup stops the build", () => {
    const plain = "<html><head></head><body><p>Plain</p></body></html>"
    expect(() => hoistComponentStyles(plain)).toThrow(/no component styles found/)
    const renamedMarker = PAGE.replace(/data-emotion="css /g, 'data-emotion-css="')
    expect(() => hoistComponentStyles(renamedMarker)).toThrow(/did emotion's server markup change/)
  })

  it("tells a finished page from one that still has styles in its body", () => {
    expect(hasHoistedStyles(hoisted)).toBe(true)
    expect(hasHoistedStyles(PAGE)).toBe(false)
  })
})
