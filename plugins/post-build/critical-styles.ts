/**
 * Moves the component styles emotion writes into a built page into one tag in the head.
 *
 * At build time emotion writes a <style> tag just before each styled element (about ninety on
 * Home). The browser recalculates styles for each one it meets while parsing, and in the
 * browser emotion moves every one of them into the head, one DOM operation each, before the
 * page can hydrate. One tag in the head, in the same order and marked as already moved
 * (`data-s`), gives the same cascade with none of that work. emotion still reads the class
 * names from its `data-emotion` attribute, so it does not insert those rules again.
 */

/** emotion's server markup for component styles: `<style data-emotion="css <names>">`. */
const COMPONENT_STYLE = /<style data-emotion="css ([^"]+)">([\s\S]*?)<\/style>/g

/**
 * The page with its component styles in one head tag. Throws when the page has none: every
 * page is styled, so none found means emotion's markup changed and the rewrite would
 * silently do nothing.
 */
export const hoistComponentStyles = (html: string): string => {
  const names: string[] = []
  const rules: string[] = []
  const withoutStyles = html.replace(COMPONENT_STYLE, (_tag, tagNames: string, css: string) => {
    names.push(...tagNames.split(" "))
    rules.push(css)
    return ""
  })
  if (names.length === 0) throw new Error('no component styles found (<style data-emotion="css ...">): did emotion\'s server markup change?')
  if (!withoutStyles.includes("</head>")) throw new Error("no </head> to put the component styles in")
  return withoutStyles.replace("</head>", `<style data-emotion="css ${names.join(" ")}" data-s="">${rules.join("")}</style></head>`)
}

/** Whether a built page carries its component styles in one head tag (for tests on public/). */
export const hasHoistedStyles = (html: string): boolean => {
  const head = html.slice(0, html.indexOf("</head>"))
  const body = html.slice(html.indexOf("</head>"))
  return /<style data-emotion="css [^"]+" data-s="">/.test(head) && !new RegExp(COMPONENT_STYLE.source).test(body)
}
