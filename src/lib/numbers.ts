/** How the site writes counts for people ("5,000"), in the site's language. */

/** A whole number with the language's digit grouping, like "5,000". */
export const formatCount = (value: number, language: string): string => new Intl.NumberFormat(language).format(value)
