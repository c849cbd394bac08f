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

const COMPONENT_STYLE = /<style data-emotion="css ([^"]+)">([\s\S]*?)<\/style>/g

export const hoistComponentStyles = (html: string): string => {
  const names: string[] = []
  const rules: string[] = []
  const withoutStyles = html.replace(COMPONENT_STYLE, (_tag, tagNames: string, css: string) => {
    names.push(...tagNames.split(" "))
    rules.push(css)
    return ""
  })
  if (names.length === 0) return html
  return withoutStyles.replace("</head>", `<style data-emotion="css ${names.join(" ")}" data-s="">${rules.join("")}</style></head>`)
}
