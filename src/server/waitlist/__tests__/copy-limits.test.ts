// Limits the copy states in words that no placeholder fills ("the ten people", "one an hour"),
// tied to the constant the code enforces: change one, and this names the other to change with it.
// Limits the copy states as numbers are filled in instead ({confirmHours}, {statusLinkDays},
// {minFriends}, the owner page's {days} and {count}, {pendingDays}, {backupDays}, {dropEntryDays},
// {minimumAge}); the last tests here check that the filled-in copy still reads as written.
import emails from "../../../../content/emails.json"
import contact from "../../../../content/pages/contact.json"
import owner from "../../../../content/pages/owner.json"
import privacy from "../../../../content/pages/privacy.json"
import waitlist from "../../../../content/pages/waitlist.json"
import site from "../../../../content/site.json"
import ui from "../../../../content/ui.json"
import { CONFIRM_LINK_HOURS, STATUS_LINK_DAYS } from "../../../signup/link-lifetimes"
import { confirmationEmail } from "../../outbox/mail/emails"
import { FUNNEL_DAYS, FUNNEL_HOURS } from "../../../signup/funnel"
import { SUMMARY_LIMIT } from "../../../signup/owner-summary"
import { LEADERBOARD_MIN_REFERRALS, LEADERBOARD_SIZE } from "../../../signup/rewards"
import { RESEND_INTERVAL_MS } from "../service"
import { NETWORK_MEMORY_MS } from "../../store/referral-review"
import { NETWORK_FINGERPRINT_DAYS } from "../../../signup/retention"

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
    rule: `LEADERBOARD_SIZE = ${LEADERBOARD_SIZE} (src/signup/rewards.ts)`,
  },
  {
    // The privacy page's paragraphs take any placeholder, so the model cannot insist on this one.
    where: `content/pages/privacy.json ${privacyField(/leaderboard/).field}`,
    text: privacyField(/leaderboard/).text,
    says: "at least {minFriends} friends have joined",
    rule: `LEADERBOARD_MIN_REFERRALS = ${LEADERBOARD_MIN_REFERRALS} (src/signup/rewards.ts), filled in as {minFriends}`,
  },
  {
    where: "content/ui.json waitlist.resent",
    text: ui.waitlist.resent,
    says: `We send at most one ${spanInWords(RESEND_INTERVAL_MS)}`,
    rule: `RESEND_INTERVAL_MS = ${RESEND_INTERVAL_MS} (src/server/waitlist/service.ts)`,
  },
  {
    where: "content/pages/owner.json heldReferrals.reasons.same_network",
    text: owner.heldReferrals.reasons.same_network,
    says: `within ${spanInWords(NETWORK_MEMORY_MS)}`,
    rule: `NETWORK_MEMORY_MS = ${NETWORK_MEMORY_MS} (src/server/store/referral-review.ts)`,
  },
  {
    // The page fills {networkDays} from NETWORK_FINGERPRINT_DAYS, which the store's rule is made of.
    where: `content/pages/privacy.json ${privacyField(/fingerprint of the network/).field}`,
    text: NETWORK_MEMORY_MS === NETWORK_FINGERPRINT_DAYS * DAY ? privacyField(/fingerprint of the network/).text : "(the rule is not NETWORK_FINGERPRINT_DAYS)",
    says: "We delete it {networkDays} days after you sign up, or {networkDays} days after the last friend joined with your link",
    rule: `NETWORK_MEMORY_MS = ${NETWORK_MEMORY_MS} (src/server/store/referral-review.ts)`,
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
    const email = confirmationEmail("fan@example.com", "https://block94.example/confirm/#token=T", null, emails, facts)
    expect(email.text).toContain("The link works for 48 hours.")
    expect(email.text).not.toMatch(/\{\w+\}/)
  })

  it(`the leaderboard: "from 3 friends up", "No one has brought 3 friends yet" (LEADERBOARD_MIN_REFERRALS = ${LEADERBOARD_MIN_REFERRALS})`, () => {
    const filled = (text: string) => text.replace("{minFriends}", String(LEADERBOARD_MIN_REFERRALS))
    expect(filled(waitlist.leaderboard.intro)).toBe("The ten people who brought the most friends, from 3 friends up. Addresses are masked.")
    expect(filled(waitlist.leaderboard.empty)).toBe("No one has brought 3 friends yet. Share your link and be the first up here.")
  })

  it(`the owner page: "Last 48 hours", "Last 30 days", "The 20 people" (FUNNEL_HOURS = ${FUNNEL_HOURS}, FUNNEL_DAYS = ${FUNNEL_DAYS}, SUMMARY_LIMIT = ${SUMMARY_LIMIT})`, () => {
    expect(owner.charts.hours.replace("{hours}", String(FUNNEL_HOURS))).toBe("Last 48 hours")
    expect(owner.charts.days.replace("{days}", String(FUNNEL_DAYS))).toBe("Last 30 days")
    expect(owner.breakdown.links.heading).toBe(`Referral links, last ${FUNNEL_DAYS} days`)
    expect(owner.sharing.shareRateDetail.replace("{days}", String(FUNNEL_DAYS))).toContain("in the last 30 days")
    expect(owner.topReferrers.intro.replace("{count}", String(SUMMARY_LIMIT))).toBe("The 20 people who brought the most friends who confirmed.")
  })

  it(`the status page's expired link: "stop working after 30 days" (STATUS_LINK_DAYS = ${STATUS_LINK_DAYS})`, () => {
    expect(waitlist.expired.text.replace("{statusLinkDays}", String(STATUS_LINK_DAYS))).toContain("links to your place stop working after 30 days.")
  })
})
