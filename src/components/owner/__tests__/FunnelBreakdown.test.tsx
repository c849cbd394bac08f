// Where people come from, step by step: visits, signups and confirmed by source, campaign,
// referring site and referral link, each step's rate, small counts as "fewer than" with no rate.
import { render, screen, within } from "@testing-library/react"
import ownerPage from "../../../../content/pages/owner.json"
import { makeFormats } from "../../../lib/owner-format"
import type { OwnerCopy } from "../copy"
import { FunnelBreakdown } from "../FunnelBreakdown"

const { seo: _seo, $schema: _schema, ...copy } = ownerPage
const formats = makeFormats("en-GB", "UTC")

const show = () =>
  render(
    <FunnelBreakdown
      funnel={{
        sources: [
          { name: "tiktok", visits: 400, signups: 40, confirmed: 30 },
          { name: "", visits: 90, signups: 3, confirmed: 2 },
        ],
        campaigns: [],
        referrers: [{ name: "news.example", visits: 20, signups: 10, confirmed: 10 }],
        links: [{ code: "MAYA2026", visits: 12, signups: 6, confirmed: 5 }],
        smallCount: 5,
      }}
      copy={{ ...(copy as unknown as OwnerCopy), fewerThan: copy.now.fewerThan }}
      formats={formats}
    />,
  )

const row = (table: string, name: RegExp) => within(screen.getByRole("table", { name: table })).getByRole("row", { name })

describe("the breakdown", () => {
  test("each source with its visits, signups, confirmed and the rate at each step", () => {
    show()
    const head = within(screen.getByRole("table", { name: "Sources" }))
      .getAllByRole("columnheader")
      .map((cell) => cell.textContent)
    expect(head).toEqual(["Source (utm_source)", "Visits", "Signups", "Signed up", "Confirmed", "Confirmed of signups"])
    expect(row("Sources", /tiktok/).textContent).toBe("tiktok" + "400" + "40" + "10%" + "30" + "75%")
  })

  test("small counts are 'fewer than 5', with no rate worked out on them", () => {
    show()
    expect(row("Sources", /no source/).textContent).toBe("(no source)" + "90" + "fewer than 5" + "–" + "fewer than 5" + "–")
  })

  test("referring sites and referral links too; a breakdown with nothing in it says so", () => {
    show()
    expect(row("Referring sites", /news\.example/).textContent).toBe("news.example" + "20" + "10" + "50%" + "10" + "100%")
    expect(row("Referral links, last 30 days", /MAYA2026/).textContent).toBe("MAYA2026" + "12" + "6" + "50%" + "5" + "83.3%")
    expect(screen.queryByRole("table", { name: "Campaigns" })).toBeNull()
    expect(screen.getByText("Campaigns").nextSibling?.textContent).toBe(copy.attribution.empty)
  })
})
