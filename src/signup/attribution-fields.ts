/**
 * Where a signup came from, and the names each part goes by: the landing URL's UTM parameter it
 * is read from, the `signups` column it is kept in, and the export's column. One table, so the
 * browser that reads the URL, the store, the owner's counts and the export cannot drift apart.
 * No imports at run time: the browser bundle takes it too.
 */
import type { Attribution } from "./schema"

export const ATTRIBUTION_FIELDS = {
  source: { parameter: "utm_source", column: "utm_source", exported: "utm_source" },
  medium: { parameter: "utm_medium", column: "utm_medium", exported: "utm_medium" },
  campaign: { parameter: "utm_campaign", column: "utm_campaign", exported: "utm_campaign" },
  // Not a URL parameter: the host of the page that linked to the site.
  referrer: { parameter: null, column: "referrer_host", exported: "referrer" },
} as const

export type AttributionField = keyof typeof ATTRIBUTION_FIELDS
export type AttributionColumn = (typeof ATTRIBUTION_FIELDS)[AttributionField]["column"]

/** The fields in the order the table and the export list them. */
export const ATTRIBUTION_FIELD_NAMES = Object.keys(ATTRIBUTION_FIELDS) as AttributionField[]

/** The `signups` columns that keep a signup's attribution, in field order. */
export const ATTRIBUTION_COLUMNS: AttributionColumn[] = ATTRIBUTION_FIELD_NAMES.map((field) => ATTRIBUTION_FIELDS[field].column)

/** An attribution's values in field order (the order of `ATTRIBUTION_COLUMNS`), null where it says nothing. */
export const attributionValues = (attribution: Attribution | null | undefined): Array<string | null> =>
  ATTRIBUTION_FIELD_NAMES.map((field) => attribution?.[field] ?? null)

/** An attribution as its columns' values, null where it says nothing. */
export const attributionColumns = (attribution: Attribution | null | undefined): Record<AttributionColumn, string | null> => {
  const values: Partial<Record<AttributionColumn, string | null>> = {}
  for (const field of ATTRIBUTION_FIELD_NAMES) values[ATTRIBUTION_FIELDS[field].column] = attribution?.[field] ?? null
  return values as Record<AttributionColumn, string | null>
}

/** A row's attribution columns back as an attribution: null when nothing is known. */
export const attributionFromColumns = (row: Record<AttributionColumn, string | null>): Attribution | null => {
  const known: Attribution = {}
  for (const field of ATTRIBUTION_FIELD_NAMES) {
    const value = row[ATTRIBUTION_FIELDS[field].column]
    if (value) known[field] = value
  }
  return Object.keys(known).length > 0 ? known : null
}
