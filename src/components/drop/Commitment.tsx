/** @jsxImportSource theme-ui */
import { roundTime, type BeaconChain } from "../../drop/beacon"
import type { DropCommitment } from "../../drop/commitment"
import { formatDateTime } from "../../lib/dates"
import { fillTemplate } from "../../signup/template"
import { machineText } from "../shared/styles"
import { dropSectionId, type CommitmentCopy } from "./copy"
import { subheading } from "./ui"

interface CommitmentProps {
  dropId: string
  /** The commitment content/drops.json carries as the site is built; null before the owner commits. */
  commitment: DropCommitment | null
  chain: Pick<BeaconChain, "name" | "genesis" | "period">
  /** The site's language, for the names of days and months. */
  language: string
  copy: CommitmentCopy
}

/**
 * The draw's commitment as the site was built with it: sent in the page's own HTML, so the site,
 * its history and any copy of it show what was fixed before entries opened.
 */
export const Commitment = ({ dropId, commitment, chain, language, copy }: CommitmentProps) => {
  const headingId = dropSectionId(dropId, "commitment")
  // In UTC with the year, as the page is first sent: this part is never redrawn in the reader's zone.
  const time = (iso: string) => <time dateTime={iso}>{formatDateTime(iso, { language })}</time>
  return (
    <section aria-labelledby={headingId} data-commitment={commitment ? "built" : "none"} sx={{ mb: [6, 7], maxWidth: 760 }}>
      <h3 id={headingId} sx={subheading}>
        {copy.heading}
      </h3>
      {commitment ? (
        <>
          <p sx={{ mb: 4 }}>{copy.intro}</p>
          <dl sx={{ display: "grid", gridTemplateColumns: ["1fr", "repeat(2, minmax(0, 1fr))"], gap: 4, m: 0 }}>
            <div sx={{ gridColumn: "1 / -1" }}>
              <dt sx={{ variant: "text.eyebrow", mb: 1 }}>{copy.seedHash}</dt>
              <dd sx={{ m: 0 }}>
                <code sx={{ ...machineText, display: "block" }}>{commitment.seedHash}</code>
              </dd>
            </div>
            <div>
              <dt sx={{ variant: "text.eyebrow", mb: 1 }}>{copy.beacon}</dt>
              <dd sx={{ m: 0 }}>{fillTemplate(copy.round, { chain: chain.name, round: String(commitment.round) })}</dd>
            </div>
            <div>
              <dt sx={{ variant: "text.eyebrow", mb: 1 }}>{copy.beaconAt}</dt>
              <dd sx={{ m: 0 }}>{time(roundTime(chain, commitment.round).toISOString())}</dd>
            </div>
            <div>
              <dt sx={{ variant: "text.eyebrow", mb: 1 }}>{copy.committedAt}</dt>
              <dd sx={{ m: 0 }}>{time(commitment.committedAt)}</dd>
            </div>
          </dl>
        </>
      ) : (
        <p>{copy.none}</p>
      )}
    </section>
  )
}
