/** @jsxImportSource theme-ui */
import { useId, type ReactNode } from "react"
import { SUMMARY_DAYS, SUMMARY_LIMIT, type OwnerSummaryAnswer as OwnerSummary } from "../../signup/owner-summary"
import { share, type Formats } from "../../lib/owner-format"
import { countText, shownRate } from "../../signup/funnel"
import { fillTemplate } from "../../lib/template"
import type { ActionProps } from "./action"
import { ExportAction, ForgetAction, InviteAction } from "./Actions"
import { AttributionTable } from "./AttributionTable"
import { DailyChart } from "./DailyChart"
import { Drops, type DropPieces } from "./Drops"
import { AuditLog, HeldReferrals } from "./Review"
import { Backups, HardBounces } from "./Upkeep"
import { DataTable } from "./DataTable"
import { card, sectionHeading } from "./ui"

interface DashboardProps extends Omit<ActionProps, "formats"> {
  summary: OwnerSummary
  formats: Formats
  /** The drops' pieces and sizes, from content/drops.json. */
  dropPieces: DropPieces
}

const Section = ({ heading, intro, children }: { heading: string; intro?: string; children: ReactNode }) => {
  const id = useId()
  return (
    <section aria-labelledby={id} sx={{ mt: [6, 7] }}>
      <h2 id={id} sx={sectionHeading}>
        {heading}
      </h2>
      {intro && <p sx={{ color: "subtle", mb: 4, maxWidth: 640 }}>{intro}</p>}
      {children}
    </section>
  )
}

/** One count: its label small, the number big. */
const Count = ({ label, value, detail, accent = false }: { label: string; value: string; detail?: string; accent?: boolean }) => (
  <div sx={{ ...card, boxShadow: accent ? "pop" : "none", borderColor: accent ? "primary" : "border" }}>
    <dt
      sx={{ variant: "text.eyebrow", letterSpacing: ["0.02em", "0.08em"], overflowWrap: "break-word", hyphens: "auto", color: accent ? "primary" : "subtle" }}
    >
      {label}
    </dt>
    <dd sx={{ m: 0, mt: 2, fontFamily: "heading", fontSize: [5, 6], lineHeight: 1, fontVariantNumeric: "tabular-nums" }}>{value}</dd>
    {detail && <dd sx={{ m: 0, mt: 2, fontSize: 0, color: "subtle" }}>{detail}</dd>}
  </div>
)

/** The list at a glance, once the secret was accepted: counts, the chart, where people come from, referrers, mail, webhooks, actions. */
const Dashboard = ({ summary, copy, formats, dropPieces, ...actions }: DashboardProps) => {
  const total = summary.confirmed + summary.pending
  const actionProps: ActionProps = { ...actions, copy, formats }
  return (
    <div>
      <dl
        aria-label={copy.counts.label}
        sx={{ display: "grid", gridTemplateColumns: ["repeat(2, minmax(0, 1fr))", "repeat(3, minmax(0, 1fr))"], gap: [3, 4], m: 0 }}
      >
        {summary.visits && (
          <>
            <Count label={copy.counts.visits} value={countText(summary.visits.visits, formats.count)} />
            <Count
              label={copy.counts.conversion}
              value={formats.percent(shownRate(total, summary.visits.visits))}
              detail={fillTemplate(copy.counts.conversionDetail, {
                signups: countText(total, formats.count),
                visits: countText(summary.visits.visits, formats.count),
              })}
            />
          </>
        )}
        <Count accent label={copy.counts.confirmed} value={formats.count(summary.confirmed)} />
        <Count label={copy.counts.pending} value={formats.count(summary.pending)} />
        <Count
          label={copy.counts.rate}
          value={formats.percent(share(summary.confirmed, total))}
          detail={fillTemplate(copy.counts.rateDetail, { confirmed: formats.count(summary.confirmed), total: formats.count(total) })}
        />
        <Count label={copy.counts.invited} value={formats.count(summary.invited)} />
        <Count label={copy.counts.redeemed} value={formats.count(summary.redeemed)} />
        <Count label={copy.counts.left} value={formats.count(summary.left)} />
      </dl>

      <Section heading={fillTemplate(copy.chart.heading, { days: String(SUMMARY_DAYS) })} intro={copy.chart.caption}>
        <div sx={card}>
          <DailyChart days={summary.perDay} copy={copy.chart} formats={formats} />
        </div>
      </Section>

      <Section heading={copy.attribution.heading} intro={copy.attribution.intro}>
        <div sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 320px), 1fr))", gap: [3, 4], alignItems: "start" }}>
          <AttributionTable rows={summary.sources} copy={copy.sources} empty={copy.attribution.empty} formats={formats} />
          <AttributionTable rows={summary.campaigns} copy={copy.campaigns} empty={copy.attribution.empty} formats={formats} />
          <AttributionTable rows={summary.referrers} copy={copy.referringSites} empty={copy.attribution.empty} formats={formats} />
        </div>
      </Section>

      <Section heading={copy.topReferrers.heading} intro={fillTemplate(copy.topReferrers.intro, { count: String(SUMMARY_LIMIT) })}>
        <div sx={card}>
          <DataTable
            caption={copy.topReferrers.heading}
            captionHidden
            rows={summary.topReferrers}
            rowKey={(referrer) => referrer.referralCode}
            empty={copy.topReferrers.empty}
            columns={[
              { heading: copy.topReferrers.rank, numeric: true, cell: (_referrer, index) => formats.count(index + 1), sx: { color: "subtle", width: "3em" } },
              { heading: copy.topReferrers.email, rowHeader: true, cell: (referrer) => referrer.email, sx: { whiteSpace: "nowrap" } },
              { heading: copy.topReferrers.code, cell: (referrer) => referrer.referralCode, sx: { fontFamily: "monospace" } },
              {
                heading: copy.topReferrers.referrals,
                numeric: true,
                cell: (referrer) => formats.count(referrer.referrals),
                sx: { color: "primary", fontWeight: "bold" },
              },
            ]}
          />
        </div>
      </Section>

      <div sx={{ display: "grid", gridTemplateColumns: ["1fr", null, "minmax(0, 1fr) minmax(0, 2fr)"], gap: [0, null, 4] }}>
        <Section heading={copy.mail.heading}>
          <dl sx={{ ...card, m: 0, display: "grid", gridTemplateColumns: "1fr auto", gap: 2, alignItems: "baseline" }}>
            <dt sx={{ color: "subtle" }}>{copy.mail.waiting}</dt>
            <dd sx={{ m: 0, fontFamily: "heading", fontSize: 4 }}>{formats.count(summary.outbox.waiting)}</dd>
            <dt sx={{ color: "subtle" }}>{copy.mail.failed}</dt>
            <dd sx={{ m: 0, fontFamily: "heading", fontSize: 4, color: summary.outbox.failed > 0 ? "secondary" : "text" }}>
              {formats.count(summary.outbox.failed)}
            </dd>
            <dt sx={{ color: "subtle", gridColumn: "1 / -1" }}>{copy.mail.lastError}</dt>
            <dd sx={{ m: 0, gridColumn: "1 / -1", fontFamily: summary.outbox.lastError ? "monospace" : "body", fontSize: 0, wordBreak: "break-word" }}>
              {summary.outbox.lastError ?? copy.mail.noError}
            </dd>
          </dl>
        </Section>
        <Section heading={copy.webhooks.heading}>
          <div sx={card}>
            <DataTable
              caption={copy.webhooks.heading}
              captionHidden
              rows={summary.disabledWebhooks}
              rowKey={(hook) => hook.url}
              empty={copy.webhooks.none}
              columns={[
                { heading: copy.webhooks.url, rowHeader: true, cell: (hook) => hook.url, sx: { overflowWrap: "anywhere" } },
                { heading: copy.webhooks.since, cell: (hook) => <time dateTime={hook.since}>{formats.time(hook.since)}</time>, sx: { whiteSpace: "nowrap" } },
                { heading: copy.webhooks.reason, cell: (hook) => hook.reason ?? "" },
              ]}
            />
          </div>
        </Section>
      </div>

      <div sx={{ display: "grid", gridTemplateColumns: ["minmax(0, 1fr)", null, "minmax(0, 2fr) minmax(0, 1fr)"], columnGap: 5 }}>
        <Section heading={copy.bounces.heading} intro={copy.bounces.intro}>
          <HardBounces rows={summary.hardBounces.rows} total={summary.hardBounces.total} copy={copy.bounces} formats={formats} />
        </Section>
        <Section heading={copy.backups.heading}>
          <Backups backups={summary.backups} now={summary.generatedAt} copy={copy.backups} formats={formats} />
        </Section>
      </div>

      <Section heading={copy.botCheck.heading} intro={copy.botCheck.intro}>
        <dl
          aria-label={copy.botCheck.heading}
          sx={{
            display: "grid",
            gridTemplateColumns: ["repeat(2, minmax(0, 1fr))", "repeat(3, minmax(0, 1fr))", "repeat(5, minmax(0, 1fr))"],
            gap: [3, 4],
            m: 0,
          }}
        >
          <Count label={copy.botCheck.passed} value={formats.count(summary.botCheck.passed)} />
          <Count label={copy.botCheck.refused} value={formats.count(summary.botCheck.refused)} />
          <Count label={copy.botCheck.wouldRefuse} value={formats.count(summary.botCheck.wouldRefuse)} />
          <Count label={copy.botCheck.replayed} value={formats.count(summary.botCheck.replayed)} />
          <Count label={copy.botCheck.missing} value={formats.count(summary.botCheck.missing)} />
        </dl>
      </Section>

      <Section heading={copy.heldReferrals.heading} intro={copy.heldReferrals.intro}>
        <HeldReferrals {...actionProps} rows={summary.heldReferrals.rows} total={summary.heldReferrals.total} />
      </Section>

      <Section heading={copy.drops.heading} intro={copy.drops.intro}>
        <Drops {...actionProps} pieces={dropPieces} />
      </Section>

      <Section heading={copy.actions.heading}>
        <div sx={{ display: "grid", gridTemplateColumns: ["1fr", null, "repeat(3, minmax(0, 1fr))"], gap: [3, 4], alignItems: "start" }}>
          <ExportAction {...actionProps} />
          <ForgetAction {...actionProps} />
          <InviteAction {...actionProps} />
        </div>
      </Section>

      <Section heading={copy.audit.heading} intro={copy.audit.intro}>
        <AuditLog entries={summary.audit} copy={copy} formats={formats} />
      </Section>
    </div>
  )
}

export default Dashboard
