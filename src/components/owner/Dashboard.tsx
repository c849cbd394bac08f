/** @jsxImportSource theme-ui */
import { Box, Card, Heading, Text } from "@theme-ui/components"
import { useId, type ReactNode } from "react"
import { SUMMARY_LIMIT, type OwnerSummaryAnswer as OwnerSummary } from "../../signup/owner-summary"
import { share, type Formats } from "../../lib/owner-format"
import { SMALL_COUNT, countText, shownRate, type FunnelAnswer } from "../../signup/funnel"
import { fillTemplate } from "../../signup/template"
import type { ActionProps } from "./action"
import { ExportAction, ForgetAction, InviteAction } from "./Actions"
import { DropDemand } from "./DropDemand"
import { Drops, useOwnerDrops, type DropPieces } from "./Drops"
import { Figure, Figures } from "./Figures"
import { FindPerson, type RewardTier } from "./FindPerson"
import { FunnelBreakdown } from "./FunnelBreakdown"
import { FunnelCharts } from "./FunnelCharts"
import { NowPanel } from "./NowPanel"
import { sectionAnchor, type OwnerSection } from "./OwnerShell"
import { AuditLog, HeldReferrals, TopReferrers } from "./Review"
import { Backups, DisabledWebhooks, HardBounces } from "./Upkeep"
import { sectionHeading } from "./ui"

interface DashboardProps extends Omit<ActionProps, "formats"> {
  summary: OwnerSummary
  /** The launch funnel; null where it is not counted here. */
  funnel: FunnelAnswer | null
  formats: Formats
  /** The drops' pieces and sizes, from content/drops.json. */
  dropPieces: DropPieces
  /** The reward tiers, from content/rewards.json. */
  rewards: readonly RewardTier[]
}

function Section({ heading, intro, anchor, children }: { heading: string; intro?: string; anchor?: OwnerSection; children: ReactNode }) {
  const id = useId()
  return (
    // Its heading clear of the bar at the top when a section link scrolls to it.
    <Box as="section" id={anchor && sectionAnchor(anchor)} aria-labelledby={id} sx={{ mt: [6, 7], scrollMarginTop: [128, 88] }}>
      <Heading as="h2" id={id} sx={sectionHeading}>
        {heading}
      </Heading>
      {intro && (
        <Text as="p" sx={{ color: "subtle", mb: 4, maxWidth: 640 }}>
          {intro}
        </Text>
      )}
      {children}
    </Box>
  )
}

/** The list at a glance, once the secret was accepted: counts, the chart, where people come from, referrers, mail, webhooks, actions. */
const Dashboard = ({ summary, funnel, copy, formats, dropPieces, rewards, ...actions }: DashboardProps) => {
  const total = summary.confirmed + summary.pending
  const actionProps: ActionProps = { ...actions, copy, formats }
  // The drops are read again with each refresh of the figures: the first screen's demand and the drops section share them.
  const drops = useOwnerDrops(actionProps, summary.generatedAt)
  const shown = (count: number) => countText(count, copy.now.fewerThan, formats.count, funnel?.smallCount ?? SMALL_COUNT)
  return (
    <Box>
      <Box as="section" id={sectionAnchor("now")} aria-labelledby="owner-now-heading" sx={{ mb: [5, 6], scrollMarginTop: [128, 88] }}>
        <Heading as="h2" id="owner-now-heading" sx={sectionHeading}>
          {copy.now.heading}
        </Heading>
        <NowPanel summary={summary} funnel={funnel} copy={copy} formats={formats} />
        {drops.loaded.kind === "ready" && (
          <Box sx={{ mt: [3, 4] }}>
            <DropDemand drops={drops.loaded.drops} pieces={dropPieces} text={copy.demand} formats={formats} />
          </Box>
        )}
      </Box>
      <Figures label={copy.counts.label} columns={["repeat(2, minmax(0, 1fr))", "repeat(3, minmax(0, 1fr))"]}>
        {summary.visits && (
          <>
            <Figure label={copy.counts.visits} value={shown(summary.visits.visits)} />
            <Figure
              label={copy.counts.conversion}
              value={formats.percent(shownRate(total, summary.visits.visits, funnel?.smallCount))}
              detail={fillTemplate(copy.counts.conversionDetail, {
                signups: shown(total),
                visits: shown(summary.visits.visits),
              })}
            />
          </>
        )}
        <Figure accent label={copy.counts.confirmed} value={formats.count(summary.confirmed)} />
        <Figure label={copy.counts.pending} value={formats.count(summary.pending)} />
        <Figure
          label={copy.counts.rate}
          value={formats.percent(share(summary.confirmed, total))}
          detail={fillTemplate(copy.counts.rateDetail, { confirmed: formats.count(summary.confirmed), total: formats.count(total) })}
        />
        <Figure label={copy.counts.invited} value={formats.count(summary.invited)} />
        <Figure label={copy.counts.redeemed} value={formats.count(summary.redeemed)} />
        <Figure label={copy.counts.left} value={formats.count(summary.left)} />
      </Figures>

      <Section anchor="people" heading={copy.person.heading} intro={copy.person.intro}>
        <FindPerson {...actionProps} rewards={rewards} />
      </Section>

      <Section anchor="sources" heading={copy.charts.heading} intro={copy.charts.intro}>
        {funnel ? (
          <FunnelCharts funnel={funnel} copy={copy} formats={formats} />
        ) : (
          <Text as="p" sx={{ color: "subtle" }}>
            {copy.now.noFunnel}
          </Text>
        )}
      </Section>

      <Section heading={copy.attribution.heading} intro={copy.attribution.intro}>
        {funnel && <FunnelBreakdown funnel={funnel} copy={{ ...copy, fewerThan: copy.now.fewerThan }} formats={formats} />}
      </Section>

      <Section anchor="referrers" heading={copy.topReferrers.heading} intro={fillTemplate(copy.topReferrers.intro, { count: String(SUMMARY_LIMIT) })}>
        <TopReferrers rows={summary.topReferrers} copy={copy.topReferrers} formats={formats} rewards={rewards} />
      </Section>

      <Box sx={{ display: "grid", gridTemplateColumns: ["1fr", null, "minmax(0, 1fr) minmax(0, 2fr)"], gap: [0, null, 4] }}>
        <Section anchor="upkeep" heading={copy.mail.heading}>
          <Card as="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "1fr auto", gap: 2, alignItems: "baseline" }}>
            <Text as="dt" sx={{ color: "subtle" }}>
              {copy.mail.waiting}
            </Text>
            <Text as="dd" sx={{ m: 0, fontFamily: "heading", fontSize: 4 }}>
              {formats.count(summary.outbox.waiting)}
            </Text>
            <Text as="dt" sx={{ color: "subtle" }}>
              {copy.mail.failed}
            </Text>
            <Text as="dd" sx={{ m: 0, fontFamily: "heading", fontSize: 4, color: summary.outbox.failed > 0 ? "secondary" : "text" }}>
              {formats.count(summary.outbox.failed)}
            </Text>
            <Text as="dt" sx={{ color: "subtle", gridColumn: "1 / -1" }}>
              {copy.mail.lastError}
            </Text>
            <Text
              as="dd"
              sx={{ m: 0, gridColumn: "1 / -1", fontFamily: summary.outbox.lastError ? "monospace" : "body", fontSize: 0, wordBreak: "break-word" }}
            >
              {summary.outbox.lastError ?? copy.mail.noError}
            </Text>
          </Card>
        </Section>
        <Section heading={copy.webhooks.heading}>
          <DisabledWebhooks rows={summary.disabledWebhooks} copy={copy.webhooks} formats={formats} />
        </Section>
      </Box>

      <Box sx={{ display: "grid", gridTemplateColumns: ["minmax(0, 1fr)", null, "minmax(0, 2fr) minmax(0, 1fr)"], columnGap: 5 }}>
        <Section heading={copy.bounces.heading} intro={copy.bounces.intro}>
          <HardBounces rows={summary.hardBounces.rows} total={summary.hardBounces.total} copy={copy.bounces} formats={formats} />
        </Section>
        <Section heading={copy.backups.heading}>
          <Backups backups={summary.backups} now={summary.generatedAt} copy={copy.backups} formats={formats} />
        </Section>
      </Box>

      <Section heading={copy.botCheck.heading} intro={copy.botCheck.intro}>
        <Figures label={copy.botCheck.heading} columns={["repeat(2, minmax(0, 1fr))", "repeat(3, minmax(0, 1fr))", "repeat(5, minmax(0, 1fr))"]}>
          <Figure label={copy.botCheck.passed} value={formats.count(summary.botCheck.passed)} />
          <Figure label={copy.botCheck.refused} value={formats.count(summary.botCheck.refused)} />
          <Figure label={copy.botCheck.wouldRefuse} value={formats.count(summary.botCheck.wouldRefuse)} />
          <Figure label={copy.botCheck.replayed} value={formats.count(summary.botCheck.replayed)} />
          <Figure label={copy.botCheck.missing} value={formats.count(summary.botCheck.missing)} />
        </Figures>
      </Section>

      <Section anchor="held" heading={copy.heldReferrals.heading} intro={copy.heldReferrals.intro}>
        <HeldReferrals {...actionProps} rows={summary.heldReferrals.rows} total={summary.heldReferrals.total} />
      </Section>

      <Section anchor="drops" heading={copy.drops.heading} intro={copy.drops.intro}>
        <Text as="p" data-stock-note="" sx={{ mb: 4, maxWidth: 640, pl: 3, borderLeft: "2px solid", borderColor: "border" }}>
          {copy.drops.stock}
        </Text>
        <Drops {...actionProps} pieces={dropPieces} drops={drops} />
      </Section>

      <Section anchor="actions" heading={copy.actions.heading}>
        <Box sx={{ display: "grid", gridTemplateColumns: ["1fr", null, "repeat(3, minmax(0, 1fr))"], gap: [3, 4], alignItems: "start" }}>
          <ExportAction {...actionProps} />
          <ForgetAction {...actionProps} />
          <InviteAction {...actionProps} />
        </Box>
      </Section>

      <Section anchor="audit" heading={copy.audit.heading} intro={copy.audit.intro}>
        <AuditLog entries={summary.audit} copy={copy} formats={formats} />
      </Section>
    </Box>
  )
}

export default Dashboard
