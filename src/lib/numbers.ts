/** How the site writes counts for people ("5,000"), in the site's language. */

// A formatter is costly to make (a phone's first one takes tens of milliseconds): one per language, made when first needed.
const formatters = new Map<string, Intl.NumberFormat>()

/** A whole number with the language's digit grouping, like "5,000". */
export const formatCount = (value: number, language: string): string => {
  let formatter = formatters.get(language)
  if (!formatter) {
    formatter = new Intl.NumberFormat(language)
    formatters.set(language, formatter)
  }
  return formatter.format(value)
}
