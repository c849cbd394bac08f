/** @jsxImportSource theme-ui */
import { graphql, type PageProps } from "gatsby"
import { HydrateLater } from "../components/shared/Hydration"
import { StatusLookup } from "../components/waitlist/StatusLookup"

/** /waitlist/#token=...: a signup's pass (its place in line, rewards and entries), by the secret link only (no lookup by email), and the way to leave. */
const WaitlistPage = ({ data }: PageProps<Queries.WaitlistPageQuery>) => {
  const page = data.page!
  return (
    <HydrateLater>
      <StatusLookup copy={page} tiers={data.rewardsJson!.tiers} drops={data.dropsJson ?? undefined} />
    </HydrateLater>
  )
}

export default WaitlistPage

export { NoindexHead as Head } from "../components/PageHead"

export const query = graphql`
  query WaitlistPage {
    page: waitlistJson {
      seo {
        ...PageSeo
      }
      heading
      eyebrow
      intro
      loading
      pendingHeading
      pending
      badLink {
        heading
        button
      }
      expired {
        ...FreshLinkCopy
      }
      noToken
      notFound
      failed
      retry
      joinLink
      invited {
        heading
        text
        redeemed
      }
      rewards {
        heading
        intro
        friend
        friends
        reached
        next
        nextOne
        allReached
      }
      leaderboard {
        heading
        intro
        rank
        name
        friends
        you
        empty
      }
      leave {
        heading
        intro
        button
        question
        confirm
        cancel
        leaving
        left
        failed
      }
      drop {
        eyebrow
        opens
        closes
        results
        utcNote
        localNote
        age
        bonus
        noBonus
        tickets
        scheduled
        sizes
        chooseSize
        enter
        change
        withdraw
        sending
        withdrawing
        yourEntry
        entryNumber
        entered
        changed
        withdrawn
        closed
        won
        notWon
        rulesLink
        waiting
        leftOut
        check {
          button
          checking
          found
          differs
          missing
          listChanged
          failed
        }
        errors {
          badSize
          botCheck
          notConfirmed
          held
          notFound
          notOpen
          closed
          notSetUp
          expired
          tooMany
          failed
        }
      }
    }
    dropsJson {
      minimumAge
      drops {
        ...DropSchedule
        pieces {
          id
          name
          sizes {
            label
          }
        }
      }
    }
    rewardsJson {
      tiers {
        referrals
        reward
        description
      }
    }
  }
`
