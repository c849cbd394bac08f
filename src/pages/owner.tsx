import { graphql, type PageProps } from "gatsby"
import { OwnerPage } from "../components/owner/OwnerPage"
import { HydrateLater } from "../components/shared/Hydration"
import { useSiteContent } from "../hooks/use-site-content"

/** /owner/: the list at a glance and its actions, for the owner only (behind OWNER_TOKEN; noindex, not in the sitemap). */
const Owner = ({ data }: PageProps<Queries.OwnerPageQuery>) => {
  const { seo: _seo, ...copy } = data.page!
  const { brand } = useSiteContent()
  const dropPieces = Object.fromEntries((data.dropsJson?.drops ?? []).map((drop) => [drop.id, drop.pieces]))
  // The page's frame (logo, section links, sign out, the heading) is the owner's page's own: see OwnerShell.
  return (
    <HydrateLater>
      <OwnerPage brand={brand} copy={copy} dropPieces={dropPieces} rewards={data.rewardsJson?.tiers ?? []} />
    </HydrateLater>
  )
}

export default Owner

export { NoindexHead as Head } from "../components/PageHead"

export const query = graphql`
  query OwnerPage {
    page: ownerJson {
      seo {
        ...PageSeo
      }
      heading
      intro
      off
      signIn {
        label
        hint
        button
        checking
        missing
        wrong
        tooMany
        failed
      }
      signOut
      shell {
        sections
        links {
          now
          people
          sources
          referrers
          held
          drops
          actions
          upkeep
          audit
        }
      }
      now {
        ...OwnerNowCopy
      }
      health {
        ...OwnerHealthCopy
      }
      person {
        ...OwnerPersonCopy
      }
      refresh
      updated
      loading
      counts {
        label
        confirmed
        pending
        invited
        redeemed
        left
        rate
        rateDetail
        visits
        conversion
        conversionDetail
      }
      charts {
        ...OwnerChartsCopy
      }
      attribution {
        heading
        intro
        empty
      }
      breakdown {
        ...OwnerBreakdownCopy
      }
      sharing {
        ...OwnerSharingCopy
      }
      demand {
        ...OwnerDemandCopy
      }
      topReferrers {
        heading
        intro
        rank
        email
        code
        referrals
        reward
        none
        empty
      }
      mail {
        heading
        waiting
        failed
        lastError
        noError
      }
      botCheck {
        heading
        intro
        passed
        refused
        wouldRefuse
        replayed
        missing
      }
      heldReferrals {
        heading
        intro
        friend
        referrer
        reason
        when
        decision
        release
        reject
        notConfirmed
        more
        empty
        released
        rejected
        byReferrer
        group
        releaseAll
        rejectAll
        releaseAllLabel
        rejectAllLabel
        releasedAll
        rejectedAll
        failed
        reasons {
          unconfirmed
          same_network
          network_burst
          shared_domain
          code_burst
          daily_cap
        }
      }
      audit {
        heading
        intro
        when
        who
        what
        count
        detail
        empty
      }
      bounces {
        heading
        intro
        email
        when
        reason
        more
        empty
      }
      backups {
        heading
        lastGood
        signups
        none
        fine
        postgres
      }
      webhooks {
        heading
        url
        since
        reason
        none
      }
      actions {
        heading
        cancelled
      }
      exportList {
        heading
        text
        button
        confirmStep {
          ...OwnerConfirmStepCopy
        }
        done
      }
      forget {
        heading
        text
        label
        button
        invalid
        confirmStep {
          ...OwnerConfirmStepCopy
        }
        found
        notFound
      }
      invite {
        heading
        text
        label
        invalid
        preview
        previewing
        listCaption
        position
        email
        confirmStep {
          ...OwnerConfirmStepCopy
        }
        done
        nobody
      }
      drops {
        heading
        intro
        stock
        loading
        failed
        none
        phase
        phases {
          ...DropPhaseNames
        }
        opens
        closes
        results
        entrants
        size
        pieces
        entries
        winners
        byDay
        day
        noEntries
        seedHash
        listHash
        notYet
        verifyLink
        beacon
        beaconRound
        publish {
          heading
          text
          snippet
        }
        review {
          heading
          intro
          clusters
          network
          domain
          entries
          all
          letIn
          leaveOut
          letInDone
          leaveOutDone
          failed
          entry
          size
          signedUp
          networkColumn
          domainColumn
        }
        commit {
          text
          button
          confirmStep {
            ...OwnerConfirmStepCopy
          }
          conflict
          seedHeading
          seedText
          seedKept
          seedNotKept
          download
          dismiss
        }
        draw {
          text
          button
          confirmStep {
            ...OwnerConfirmStepCopy
          }
          seedLabel
          seedHint
          seedMissing
          seedMismatch
          conflict
          done
          beaconNotYet
          beaconUnreachable
          beaconLabel
          beaconInvalid
        }
      }
    }
    rewardsJson {
      tiers {
        referrals
        reward
      }
    }
    dropsJson {
      drops {
        id
        pieces {
          id
          name
          sizes {
            label
          }
        }
      }
    }
  }
`
