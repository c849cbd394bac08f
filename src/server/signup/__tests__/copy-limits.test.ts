// Limits the copy states in words that no placeholder fills ("the ten people", "one an hour"),
// tied to the constant the code enforces: change one, and this names the other to change with it.
// Limits the copy states as numbers are filled in instead ({confirmHours}, {statusLinkDays},
// {pendingDays}, {backupDays}, {dropEntryDays}, {minimumAge}); the last tests here check that
// the filled-in copy still reads as written.
import { readFileSync } from "node:fs"
import { join } from "node:path"
import emails from "../../../../content/emails.json"
import contact from "../../../../content/pages/contact.json"
import owner from "../../../../content/pages/owner.json"
import privacy from "../../../../content/pages/privacy.json"
import waitlist from "../../../../content/pages/waitlist.json"
import site from "../../../../content/site.json"
import ui from "../../../../content/ui.json"
import { CONFIRM_LINK_HOURS, STATUS_LINK_DAYS } from "../../../signup/link-lifetimes"
import { confirmationEmail } from "../../mail/emails"
import { SUMMARY_DAYS, SUMMARY_LIMIT } from "../owner-handler"
import { LEADERBOARD_SIZE, RESEND_INTERVAL_MS } from "../service"
import { NETWORK_MEMORY_MS } from "../stores/referral-review"
import { LEADERBOARD_MIN_REFERRALS } from "../stores/store"

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]

/** A number as the copy writes it out; a number without a word here needs one added. */
const inWords = (count: number): string => {
  const word = NUMBER_WORDS[count]
  if (word === undefined) throw new Error(`no word for ${count}: add it to NUMBER_WORDS`)
  return word
}

/** A span of time as the copy says it: "an hour", "a day", "3 hours". */
const spanInWords = (ms: number): string => {
  if (ms === HOUR) return "an hour"
  if (ms === DAY) return "a day"
  if (ms % DAY === 0) return `${ms / DAY} days`
  if (ms % HOUR === 0) return `${ms / HOUR} hours`
  return `${ms / 60_000} minutes`
}

const privacyParagraphs = privacy.sections.flatMap((section, i) => section.paragraphs.map((text, j) => ({ field: `sections[${i}].paragraphs[${j}]`, text })))

/** The privacy paragraph that states a limit, found by the words around it. */
const privacyField = (around: RegExp): { field: string; text: string } => {
  const found = privacyParagraphs.find(({ text }) => around.test(text))
  if (!found) throw new Error(`content/pages/privacy.json no longer says ${String(around)}: change this test with it`)
  return found
}

const rewardsSchema = JSON.parse(readFileSync(join(__dirname, "../../../../content/schemas/rewards.schema.json"), "utf8")) as {
  properties: { showLeaderboard: { description: string } }
}

interface Tie {
  /** Where the words are: the file and field an editor changes. */
  where: string
  text: string
  /** The words the code's constant makes. */
  says: string
  /** The constant, and where it is declared. */
  rule: string
}

const ties: Tie[] = [
  {
    where: "content/pages/waitlist.json leaderboard.intro",
    text: waitlist.leaderboard.intro,
    says: `The ${inWords(LEADERBOARD_SIZE)} people`,
    rule: `LEADERBOARD_SIZE = ${LEADERBOARD_SIZE} (src/server/signup/service.ts)`,
  },
  {
    where: "content/pages/waitlist.json leaderboard.intro",
    text: waitlist.leaderboard.intro,
    says: `from ${LEADERBOARD_MIN_REFERRALS} friends up`,
    rule: `LEADERBOARD_MIN_REFERRALS = ${LEADERBOARD_MIN_REFERRALS} (src/server/signup/stores/store.ts)`,
  },
  {
    where: "content/pages/waitlist.json leaderboard.empty",
    text: waitlist.leaderboard.empty,
    says: `No one has brought ${LEADERBOARD_MIN_REFERRALS} friends yet`,
    rule: `LEADERBOARD_MIN_REFERRALS = ${LEADERBOARD_MIN_REFERRALS} (src/server/signup/stores/store.ts)`,
  },
  {
    where: `content/pages/privacy.json ${privacyField(/leaderboard/).field}`,
    text: privacyField(/leaderboard/).text,
    says: `at least ${LEADERBOARD_MIN_REFERRALS} friends have joined`,
    rule: `LEADERBOARD_MIN_REFERRALS = ${LEADERBOARD_MIN_REFERRALS} (src/server/signup/stores/store.ts)`,
  },
  {
    where: "plugins/content-model/model.ts, rewards showLeaderboard's description (then npm run schemas)",
    text: rewardsSchema.properties.showLeaderboard.description,
    says: `the top ${LEADERBOARD_SIZE} referrers`,
    rule: `LEADERBOARD_SIZE = ${LEADERBOARD_SIZE} (src/server/signup/service.ts)`,
  },
  {
    where: "plugins/content-model/model.ts, rewards showLeaderboard's description (then npm run schemas)",
    text: rewardsSchema.properties.showLeaderboard.description,
    says: `no one below ${LEADERBOARD_MIN_REFERRALS} friends`,
    rule: `LEADERBOARD_MIN_REFERRALS = ${LEADERBOARD_MIN_REFERRALS} (src/server/signup/stores/store.ts)`,
  },
  {
    where: "content/ui.json waitlist.resent",
    text: ui.waitlist.resent,
    says: `We send at most one ${spanInWords(RESEND_INTERVAL_MS)}`,
    rule: `RESEND_INTERVAL_MS = ${RESEND_INTERVAL_MS} (src/server/signup/service.ts)`,
  },
  {
    where: "content/pages/owner.json chart.heading",
    text: owner.chart.heading,
    says: `The last ${SUMMARY_DAYS} days`,
    rule: `SUMMARY_DAYS = ${SUMMARY_DAYS} (src/server/signup/owner-handler.ts)`,
  },
  {
    where: "content/pages/owner.json chart.table",
    text: owner.chart.table,
    says: `last ${SUMMARY_DAYS} days`,
    rule: `SUMMARY_DAYS = ${SUMMARY_DAYS} (src/server/signup/owner-handler.ts)`,
  },
  {
    where: "content/pages/owner.json topReferrers.intro",
    text: owner.topReferrers.intro,
    says: `The ${SUMMARY_LIMIT} people`,
    rule: `SUMMARY_LIMIT = ${SUMMARY_LIMIT} (src/server/signup/owner-handler.ts)`,
  },
  {
    where: "content/pages/owner.json heldReferrals.reasons.same_network",
    text: owner.heldReferrals.reasons.same_network,
    says: `within ${spanInWords(NETWORK_MEMORY_MS)}`,
    rule: `NETWORK_MEMORY_MS = ${NETWORK_MEMORY_MS} (src/server/signup/stores/referral-review.ts)`,
  },
  {
    // "about": the hourly sweep deletes it, so up to an hour late.
    where: `content/pages/privacy.json ${privacyField(/fingerprint of the network/).field}`,
    text: privacyField(/fingerprint of the network/).text,
    says: `we delete it about ${spanInWords(NETWORK_MEMORY_MS)} after you sign up`,
    rule: `NETWORK_MEMORY_MS = ${NETWORK_MEMORY_MS} (src/server/signup/stores/referral-review.ts)`,
  },
  {
    // Not the code's rule but the team's promise: the search snippet cannot fill in {responseTime}.
    where: "content/pages/contact.json seo.description",
    text: contact.seo.description,
    says: `We reply within ${site.responseTime}`,
    rule: `responseTime = "${site.responseTime}" (content/site.json)`,
  },
]

describe("limits the copy states in words", () => {
  it.each(ties.map((tie) => [tie.where, tie.says, tie] as const))("%s says %j", (_where, _says, tie) => {
    if (!tie.text.includes(tie.says)) {
      throw new Error(`${tie.where} reads "${tie.text}" but the code's rule is ${tie.rule}: make it say "${tie.says}", or change the rule with it`)
    }
  })
})

describe("limits filled in from the code read as the copy always said", () => {
  it(`the confirmation email: "The link works for 48 hours." (CONFIRM_LINK_HOURS = ${CONFIRM_LINK_HOURS})`, () => {
    const facts = { brand: "Block 94", siteUrl: "https://block94.example", generalEmail: "hello@block94.example" }
    const email = confirmationEmail("fan@example.com", "https://block94.example/confirm/?token=T", null, emails, facts)
    expect(email.text).toContain("The link works for 48 hours.")
    expect(email.text).not.toMatch(/\{\w+\}/)
  })

  it(`the status page's expired link: "stop working after 30 days" (STATUS_LINK_DAYS = ${STATUS_LINK_DAYS})`, () => {
    expect(waitlist.expired.text.replace("{statusLinkDays}", String(STATUS_LINK_DAYS))).toContain("links to your place stop working after 30 days.")
  })
})
