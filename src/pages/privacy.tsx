/** @jsxImportSource theme-ui */
import { graphql, type PageProps } from "gatsby"
import { StaticMarkup } from "../components/shared/Hydration"
import { PageIntro } from "../components/shared/PageIntro"
import { useSiteContent, useUiCopy } from "../hooks/use-site-content"
import { formatDay } from "../lib/dates"
import { fillTemplate } from "../signup/template"
import { LEADERBOARD_MIN_REFERRALS } from "../signup/rewards"
import { INVITATION_DAYS, UNSUBSCRIBE_LINK_DAYS } from "../signup/link-lifetimes"
import { BACKUP_MAX_DAYS, DROP_ENTRY_DAYS, NETWORK_FINGERPRINT_DAYS, PENDING_SIGNUP_MAX_DAYS, VISIT_COUNT_MONTHS } from "../signup/retention"

/** The policy's text: static, so on the first load the server's HTML stays and none of this runs (nor the date's formatter, costly on a phone's first call). */
const PrivacyText = ({ data }: PageProps<Queries.PrivacyPageQuery>) => {
  const site = useSiteContent()
  const ui = useUiCopy()
  const page = data.page!
  const fill = (text: string) =>
    fillTemplate(text, {
      email: site.emails.general,
      responseTime: site.responseTime,
      brand: site.brand,
      pendingDays: String(PENDING_SIGNUP_MAX_DAYS),
      backupDays: String(BACKUP_MAX_DAYS),
      dropEntryDays: String(DROP_ENTRY_DAYS),
      networkDays: String(NETWORK_FINGERPRINT_DAYS),
      unsubscribeLinkDays: String(UNSUBSCRIBE_LINK_DAYS),
      inviteDays: String(INVITATION_DAYS),
      minimumAge: String(data.dropsJson!.minimumAge),
      minFriends: String(LEADERBOARD_MIN_REFERRALS),
      visitMonths: String(VISIT_COUNT_MONTHS),
    })
  return (
    <>
      <PageIntro heading={page.heading} paragraphs={[fill(page.intro)]} />
      <div sx={{ variant: "layout.narrow", py: [6, 7] }}>
        <p sx={{ color: "subtle", mb: 5 }}>
          {ui.privacyUpdated} <time dateTime={page.updated}>{formatDay(page.updated, { language: site.language })}</time>
        </p>
        {page.sections.map((section) => (
          <section key={section.heading} sx={{ mb: 5 }}>
            <h2 sx={{ variant: "text.heading", fontSize: [3, 4], mb: 3 }}>{section.heading}</h2>
            <div sx={{ display: "grid", gap: 3 }}>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{fill(paragraph)}</p>
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  )
}

const PrivacyPage = (props: PageProps<Queries.PrivacyPageQuery>) => (
  <StaticMarkup>
    <PrivacyText {...props} />
  </StaticMarkup>
)

export default PrivacyPage

export { WebPageHead as Head } from "../components/PageHead"

export const query = graphql`
  query PrivacyPage {
    dropsJson {
      minimumAge
    }
    page: privacyJson {
      seo {
        ...PageSeo
      }
      heading
      updated(formatString: "YYYY-MM-DD")
      intro
      sections {
        heading
        paragraphs
      }
    }
  }
`
