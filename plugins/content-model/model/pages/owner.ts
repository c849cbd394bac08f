/** content/pages/owner.json: the owner's page. */
import { contentFile, longText, longTemplate, record, template, text } from "../../fields"
import { seo } from "../shared"
import { confirmStep } from "./confirm-step"
import { ownerDrops } from "./owner-drops"

const table = (what: string) =>
  record(
    {
      heading: text(`the heading of ${what}`),
      name: text(`the first column's heading in ${what}`),
      signups: text(`the signups column's heading in ${what}`),
      confirmed: text(`the confirmed column's heading in ${what}`),
      rate: text(`the confirmation rate column's heading in ${what}`),
      none: text(`the name shown in ${what} for signups that came without one`),
    },
    what,
    { typeName: "OwnerAttributionTable" },
  )

export const owner = contentFile(
  {
    seo,
    heading: text("the page heading"),
    intro: longText("the line under the heading: what the page is and who it is for"),
    off: longText("what the page says when OWNER_TOKEN is not set on the server: how to turn the page on"),
    signIn: record(
      {
        label: text("the label of the secret field"),
        hint: longText("the line under the secret field: which secret, and that it is kept in this tab only"),
        button: text("the label of the sign-in button"),
        checking: text("what the sign-in button says while the secret is checked"),
        missing: text("what the page says when the field is empty"),
        wrong: text("what the page says when the secret is wrong"),
        tooMany: text("what the page says after too many tries"),
        failed: text("what the page says when the server cannot be reached"),
      },
      "signing in",
    ),
    signOut: text("the label of the sign-out button"),
    refresh: text("the label of the button that loads the numbers again"),
    updated: template("when the numbers were read, in the owner's time zone", { time: "the time goes there" }),
    loading: text("what the page says while it reads the numbers"),
    counts: record(
      {
        label: text("the name of the row of counts for screen readers"),
        confirmed: text("the label of the confirmed count"),
        pending: text("the label of the pending count (not confirmed yet)"),
        invited: text("the label of the invited count"),
        redeemed: text("the label of the count of invitations used"),
        left: text("the label of the count of people who left"),
        rate: text("the label of the confirmation rate"),
        rateDetail: template("the line under the confirmation rate", { confirmed: "the confirmed count goes there", total: "all signups go there" }),
        visits: text("the label of the count of visits: arrivals from outside the site, counted without cookies"),
        conversion: text("the label of the share of visits that signed up"),
        conversionDetail: template("the line under that share", { signups: "all signups go there", visits: "the visits go there" }),
      },
      "the counts",
    ),
    chart: record(
      {
        heading: template("the heading of the chart", { days: "the number of days the chart covers goes there (the server's rule)" }),
        caption: longText("the line under the chart's heading: what it shows, and that days are UTC days"),
        signups: text("the name of the signups in the chart's key and table"),
        confirmations: text("the name of the confirmations in the chart's key and table"),
        dayAxis: text("the label of the chart's day axis"),
        countAxis: text("the label of the chart's count axis"),
        table: template("the caption of the table of the same numbers, for screen readers", {
          days: "the number of days the chart covers goes there (the server's rule)",
        }),
        day: text("the day column's heading in that table"),
      },
      "the chart",
    ),
    attribution: record(
      {
        heading: text("the heading above the sources, campaigns and referring sites"),
        intro: longText("the line under that heading"),
        empty: text("what a table says while no one has signed up"),
      },
      "where signups come from",
    ),
    sources: table("the table of sources (utm_source)"),
    campaigns: table("the table of campaigns (utm_campaign)"),
    referringSites: table("the table of referring sites"),
    topReferrers: record(
      {
        heading: text("the heading of the top referrers"),
        intro: longTemplate("the line under that heading", { count: "the number of referrers shown goes there (the server's rule)" }),
        rank: text("the rank column's heading"),
        email: text("the address column's heading"),
        code: text("the referral code column's heading"),
        referrals: text("the confirmed referrals column's heading"),
        empty: text("what the table says while no one has brought a friend"),
      },
      "the top referrers",
    ),
    mail: record(
      {
        heading: text("the heading of the mail's health"),
        waiting: text("the label of the count of messages waiting to be delivered"),
        failed: text("the label of the count of messages given up on"),
        lastError: text("the label of the last error"),
        noError: text("what the page says when no message has failed"),
      },
      "the mail's health",
    ),
    botCheck: record(
      {
        heading: text("the heading of the bot check's counts"),
        intro: longText("what the bot check is and how its counts read"),
        passed: text("the label of the requests that passed"),
        refused: text("the label of the requests refused (ALTCHA_MODE=enforce)"),
        wouldRefuse: text("the label of the requests let through that enforce would refuse (monitor)"),
        replayed: text("the label of the solutions sent again"),
        missing: text("the label of the requests that came without any solution"),
      },
      "the bot check's counts",
    ),
    heldReferrals: record(
      {
        heading: text("the heading of the referrals on hold"),
        intro: longText("why referrals are held and what releasing or rejecting does"),
        friend: text("the column's heading of the friend who signed up"),
        referrer: text("the column's heading of who referred them"),
        reason: text("the column's heading of why it is held"),
        when: text("the column's heading of when the friend signed up"),
        decision: text("the column's heading of the buttons"),
        release: text("the button that lets a referral count"),
        reject: text("the button that drops a referral for good"),
        notConfirmed: text("said of a friend who has not confirmed yet"),
        more: text("said when more are held than shown; {count} is how many more"),
        empty: text("what the page says when nothing is on hold"),
        released: text("said once a referral is released; {referrer} is the referrer's address"),
        rejected: text("said once a referral is rejected; {referrer} is the referrer's address"),
        failed: text("said when a decision did not go through"),
        reasons: record(
          {
            unconfirmed: text("why: nobody confirmed the friend's address (single opt-in)"),
            same_network: text("why: the friend came from the referrer's own network"),
            network_burst: text("why: many signups came from one network in minutes"),
            shared_domain: text("why: the friend's address is at an uncommon domain the referrer or another of their friends uses too"),
            code_burst: text("why: many signups came through one referral link in minutes"),
            daily_cap: text("why: the referrer reached the day's cap of credited referrals"),
          },
          "why a referral is held, one line per reason",
        ),
      },
      "the referrals held for review",
    ),
    audit: record(
      {
        heading: text("the heading of the owner's audit"),
        intro: longText("what the audit lists"),
        when: text("the column's heading of when"),
        who: text("the column's heading of where it was done (the owner's page, the command line)"),
        what: text("the column's heading of what was done"),
        count: text("the column's heading of how many"),
        detail: text("the column's heading of the details"),
        empty: text("what the page says before anything was done"),
      },
      "the owner's audit",
    ),
    bounces: record(
      {
        heading: text("the heading of the hard bounces"),
        intro: longText("what a hard bounce is and what happens to the address"),
        email: text("the address column's heading"),
        when: text("the column's heading of when the address was refused"),
        reason: text("the column's heading of the receiving server's answer"),
        more: text("said when more bounced than shown; {count} is how many more"),
        empty: text("what the page says when no address has bounced"),
      },
      "addresses refused for good",
    ),
    backups: record(
      {
        heading: text("the heading of the backups"),
        lastGood: text("the label of when the last good backup was taken"),
        signups: text("the label of how many signups it holds"),
        none: text("said when no backup was taken yet"),
        fine: text("said when the backups are up to date"),
        postgres: longText("said instead when the list is in PostgreSQL"),
      },
      "the embedded database's backups",
    ),
    webhooks: record(
      {
        heading: text("the heading of the disabled webhooks"),
        url: text("the address column's heading"),
        since: text("the column's heading of when it was disabled"),
        reason: text("the reason column's heading"),
        none: text("what the page says when no webhook is disabled"),
      },
      "the disabled webhooks",
    ),
    actions: record(
      {
        heading: text("the heading of the actions"),
        cancelled: text("what the page says when a step was not confirmed"),
      },
      "the actions",
    ),
    exportList: record(
      {
        heading: text("the heading of the CSV download"),
        text: longText("what the CSV download gives"),
        button: text("the label of the button that asks to download"),
        ...confirmStep("the download"),
        done: text("what the page says once the file is saved"),
      },
      "downloading the list as CSV",
    ),
    forget: record(
      {
        heading: text("the heading of erasing an address"),
        text: longText("what erasing an address does"),
        label: text("the label of the address field"),
        button: text("the label of the button that asks to erase"),
        invalid: text("what the page says when the address is not an email address"),
        ...confirmStep("the erasure"),
        question: template("the question asked before erasing", { email: "the address goes there" }),
        found: template("what the page says once someone was erased", { email: "the address goes there" }),
        notFound: template("what the page says when no one had the address (it is kept out all the same)", { email: "the address goes there" }),
      },
      "erasing an address",
    ),
    invite: record(
      {
        heading: text("the heading of inviting the next people"),
        text: longText("what inviting does, and that the list comes first"),
        label: text("the label of the how-many field"),
        invalid: template("what the page says when the number is not a whole number from 1 to the most one request may invite", {
          max: "the most people one request may invite goes there (the server's rule)",
        }),
        preview: text("the label of the button that shows who is next (a dry run)"),
        previewing: text("what that button says while the list is read"),
        listCaption: template("the caption of the list of who is next", { count: "the number goes there" }),
        position: text("the place column's heading"),
        email: text("the address column's heading"),
        ...confirmStep("the invitations"),
        question: template("the question asked before inviting", { count: "the number goes there" }),
        done: template("what the page says once people were invited", { count: "the number goes there" }),
        nobody: text("what the page says when no one is waiting for an invitation"),
      },
      "inviting the next people",
    ),
    drops: ownerDrops,
  },
  "the owner's page",
)
