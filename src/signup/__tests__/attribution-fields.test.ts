import { ATTRIBUTION_COLUMNS, attributionColumns, attributionFromColumns, attributionValues } from "../attribution-fields"

describe("a signup's attribution and its columns", () => {
  it("goes to the signups table's columns and back, what is unknown null and left out again", () => {
    const attribution = { source: "tiktok", campaign: "drop-1", referrer: "news.example" }
    expect(ATTRIBUTION_COLUMNS).toEqual(["utm_source", "utm_medium", "utm_campaign", "referrer_host"])
    expect(attributionValues(attribution)).toEqual(["tiktok", null, "drop-1", "news.example"])
    expect(attributionColumns(attribution)).toEqual({ utm_source: "tiktok", utm_medium: null, utm_campaign: "drop-1", referrer_host: "news.example" })
    expect(attributionFromColumns(attributionColumns(attribution))).toEqual(attribution)
  })

  it("reads a row that says nothing (or only empty text) as no attribution", () => {
    expect(attributionColumns(null)).toEqual({ utm_source: null, utm_medium: null, utm_campaign: null, referrer_host: null })
    expect(attributionFromColumns({ utm_source: "", utm_medium: null, utm_campaign: null, referrer_host: null })).toBeNull()
  })
})
