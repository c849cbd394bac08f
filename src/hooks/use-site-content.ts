import { graphql, useStaticQuery } from "gatsby"
import { announcedDrop } from "../lib/announced-drop"

/**
 * Site-wide content: settings from content/site.json and interface texts from content/ui.json.
 * One static query, so every page loads them in one request.
 */
const useSiteQuery = () =>
  useStaticQuery<Queries.SiteContentQuery>(graphql`
    query SiteContent {
      site {
        buildYear: buildTime(formatString: "YYYY")
        siteMetadata {
          siteUrl
        }
      }
      siteJson {
        brand
        tagline
        description
        language
        emails {
          general
          business
        }
        social {
          network
          url
        }
        responseTime
        socialProof
        showListSizeFrom
        carousel {
          intervalMs
          transitionMs
        }
      }
      dropsJson {
        minimumAge
        drops {
          label
          opensAt
          closesAt
          resultsAt
          announcement {
            show
          }
        }
      }
      uiJson {
        skipLink
        navigation {
          label
          menuButton
          home
          about
          contact
          privacy
        }
        joinButton
        dropLink {
          before
          open
          closed
          results
          days
          hours
          minutes
        }
        logoLabel
        footer {
          label
          quickLinks
          follow
          socialLink
          earlyAccess
          copyright
        }
        cookieNotice {
          label
          heading
          text
          privacyLink
          accept
          dismiss
          close
        }
        reassurancesLabel
        carousel {
          carouselRole
          slideRole
          previous
          next
          pause
          play
          chooseSlide
          slideButton
          slidePosition
        }
        signupForm {
          label
          emailLabel
          emailPlaceholder
          consent
          privacyLink
          submit
          submitting
          missing {
            ...NoticeText
          }
          invalidEmail {
            ...NoticeText
          }
          fieldErrors {
            emailMissing
            emailMalformed
            emailRefused
            consentMissing
          }
          success {
            ...NoticeText
          }
          failure {
            ...NoticeText
          }
        }
        contactForm {
          label
          nameLabel
          emailLabel
          messageLabel
          submit
          submitting
          missing {
            ...NoticeText
          }
          invalidEmail {
            ...NoticeText
          }
          fieldErrors {
            nameMissing
            emailMissing
            emailMalformed
            messageMissing
          }
          success {
            ...NoticeText
          }
          failure {
            ...NoticeText
          }
        }
        errorPage {
          heading
          homeLink
        }
        waitlist {
          position
          placeUntold
          shareIntro
          referralLink
          copy
          copied
          share
          shareOnX
          shareOnWhatsApp
          shareByEmail
          shareMessage
          shareSubject
          statusButton
          passHint
          referrals
          waiting
          pendingHeading
          pending
          resendQuestion
          resend
          resending
          resent
          resendFailed
        }
        privacyUpdated
      }
    }
  `)

/** A toast's two lines, wherever ui.json has one. */
export const noticeText = graphql`
  fragment NoticeText on Notice {
    title
    description
  }
`

/** Site-wide settings from content/site.json, for the pieces on every page (header, footer, SEO). */
export const useSiteContent = () => {
  const data = useSiteQuery()
  if (!data.siteJson) throw new Error("content/site.json is missing")
  return {
    ...data.siteJson,
    siteUrl: data.site?.siteMetadata?.siteUrl ?? "",
    buildYear: Number(data.site?.buildYear ?? new Date().getFullYear()),
  }
}

export type SiteContent = ReturnType<typeof useSiteContent>

/** The interface texts from content/ui.json: labels, buttons and messages. */
export const useUiCopy = () => {
  const { uiJson } = useSiteQuery()
  if (!uiJson) throw new Error("content/ui.json is missing")
  return uiJson
}

export type UiCopy = ReturnType<typeof useUiCopy>

/** The drop the header, menu and footer name while it is announced (drops.json), or null. */
export const useAnnouncedDrop = () => {
  const { dropsJson } = useSiteQuery()
  return announcedDrop(dropsJson?.drops ?? [])
}

export type AnnouncedDrop = NonNullable<ReturnType<typeof useAnnouncedDrop>>

/** The minimum age to join and to enter a draw (content/drops.json), which the consent wording states. */
export const useMinimumAge = (): number => {
  const { dropsJson } = useSiteQuery()
  if (!dropsJson) throw new Error("content/drops.json is missing")
  return dropsJson.minimumAge
}
