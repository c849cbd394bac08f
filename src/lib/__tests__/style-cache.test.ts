import createCache, { StyleSheet } from "../style-cache"

const styles = (name: string, text: string) => ({ name, styles: text })

const sheetRules = () => [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText.replace(/\s+/g, " ")))

describe("the browser's style cache", () => {
  beforeEach(() => {
    document.head.innerHTML = ""
    document.body.innerHTML = ""
  })

  it("knows the rules the server rendered by their names, and leaves their tag where it is", () => {
    document.head.innerHTML = `<style data-emotion="css 1a 2b" data-s="">.css-1a{color:red}.css-2b{margin:0}</style><style id="after"></style>`
    const cache = createCache({ key: "css" })
    expect(cache.inserted).toEqual({ "1a": true, "2b": true })
    expect(document.head.firstElementChild?.getAttribute("data-emotion")).toBe("css 1a 2b")
  })

  it("moves style tags rendered inside the page into the head, as emotion does before hydrating", () => {
    document.body.innerHTML = `<div id="___gatsby"><style data-emotion="css 3c">.css-3c{padding:0}</style><p class="css-3c">Hi</p></div>`
    const cache = createCache({ key: "css" })
    expect(cache.inserted["3c"]).toBe(true)
    expect(document.querySelector("#___gatsby")?.innerHTML).toBe('<p class="css-3c">Hi</p>')
    expect(document.head.querySelector('style[data-emotion="css 3c"]')).not.toBeNull()
  })

  it("inserts a new style's rules once, into one tag after the server's", () => {
    document.head.innerHTML = `<style data-emotion="css 1a" data-s="">.css-1a{color:red}</style>`
    const cache = createCache({ key: "css" })
    const serialized = styles("4d", "color:blue;&:hover{color:green;}@media (min-width: 40em){display:none;}")
    cache.insert(".css-4d", serialized, cache.sheet, true)
    expect(cache.inserted["4d"]).toBe(true)
    const tags = document.head.querySelectorAll("style")
    expect(tags).toHaveLength(2)
    expect(tags[1].getAttribute("data-emotion")).toBe("css")
    expect(sheetRules()).toEqual(
      expect.arrayContaining([".css-4d {color: blue;}", ".css-4d:hover {color: green;}", "@media (min-width: 40em) {.css-4d {display: none;}}"]),
    )
  })

  it("gives emotion's Global a sheet of its own, which it can fill and empty", () => {
    const cache = createCache({ key: "css" })
    const global = new (cache.sheet.constructor as typeof StyleSheet)({ key: "css-global", container: document.head })
    cache.insert("", styles("5e", ":root{--toast:#d4ff3a;}.toast{border-radius:12px;}"), global, false)
    expect(cache.inserted["5e"]).toBeUndefined()
    expect(document.head.querySelector('style[data-emotion="css-global"]')).not.toBeNull()
    expect(sheetRules()).toEqual(expect.arrayContaining([".toast {border-radius: 12px;}"]))
    global.flush()
    expect(document.head.querySelector('style[data-emotion="css-global"]')).toBeNull()
  })
})
