/** @jsxImportSource theme-ui */
import { graphql } from "gatsby"
import { Box, Card, Text } from "@theme-ui/components"
import { useId, useRef, useState, type FormEvent } from "react"
import { isEmailAddress } from "../../lib/owner-client"
import { findPerson, resendLink } from "../../lib/owner-person-client"
import { fillTemplate } from "../../signup/template"
import type { OwnerPerson } from "../../signup/owner-person"
import { NoteLine, problemText, type ActionProps, type Note } from "./action"
import { BusyButton, ButtonRow } from "./ButtonRow"
import { Field } from "./Field"
import { Facts } from "./Figures"

/** A reward tier from content/rewards.json: how many friends reach it, and its name. */
export interface RewardTier {
  referrals: number
  reward: string
}

interface FindPersonProps extends Omit<ActionProps, "onChanged"> {
  rewards: readonly RewardTier[]
}

/** What the owner reads of one person: place, friends, reward, status, invitation. */
function PersonFacts({
  person,
  rewards,
  text,
  formats,
}: { person: OwnerPerson; rewards: readonly RewardTier[]; text: ActionProps["copy"]["person"] } & Pick<ActionProps, "formats">) {
  const reward = rewards.find((tier) => tier.referrals === person.reward)?.reward ?? (person.reward > 0 ? String(person.reward) : text.noReward)
  const facts = [
    { label: text.status, value: text.statuses[person.status] },
    {
      label: text.place,
      value: person.place
        ? fillTemplate(text.placeOf, { position: formats.count(person.place.position), total: formats.count(person.place.total) })
        : text.noPlace,
    },
    { label: text.friends, value: formats.count(person.friends) },
    { label: text.held, value: formats.count(person.heldFriends) },
    { label: text.reward, value: reward },
    { label: text.signedUp, value: formats.time(person.signedUpAt) },
    {
      label: text.invitation,
      value: person.invitation
        ? person.invitation.redeemedAt
          ? fillTemplate(text.redeemed, { time: formats.time(person.invitation.redeemedAt) })
          : fillTemplate(text.invited, { time: formats.time(person.invitation.sentAt) })
        : text.notInvited,
    },
  ]
  return <Facts facts={facts} columns={["minmax(0, 1fr)", "repeat(2, minmax(0, 1fr))"]} />
}

/**
 * Find someone by address ("I lost my link" is the commonest launch-day question): their status,
 * place, friends, reward and invitation, the address masked until the owner asks for it whole, and
 * "Send their link again". Every lookup and send is in the owner's log, never the address.
 */
export function FindPerson({ secret, copy, formats, onProblem, rewards }: FindPersonProps) {
  const id = useId()
  const text = copy.person
  const [email, setEmail] = useState("")
  const [invalid, setInvalid] = useState(false)
  const [busy, setBusy] = useState(false)
  const [found, setFound] = useState<{ email: string; person: OwnerPerson } | null>(null)
  const [note, setNote] = useState<Note>(null)
  const inputRef = useRef<HTMLInputElement>(null)

  const look = async (address: string, whole: boolean) => {
    setBusy(true)
    const outcome = await findPerson(secret, address, whole)
    setBusy(false)
    if (outcome.kind !== "ok") {
      const words = problemText(outcome, text.failed, copy, onProblem)
      if (words) setNote({ text: words, tone: "problem" })
      return
    }
    if (!outcome.answer.found) {
      setFound(null)
      setNote({ text: text.notFound, tone: "problem" })
      return
    }
    setFound({ email: address, person: outcome.answer.person })
  }

  const find = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setNote(null)
    setInvalid(!isEmailAddress(email))
    if (!isEmailAddress(email)) return inputRef.current?.focus()
    void look(email.trim(), false)
  }

  const resend = async () => {
    if (busy || !found) return
    setBusy(true)
    const outcome = await resendLink(secret, found.email)
    setBusy(false)
    if (outcome.kind !== "ok") {
      const words = problemText(outcome, text.failed, copy, onProblem)
      if (words) setNote({ text: words, tone: "problem" })
      return
    }
    setNote({ text: text.resent[outcome.outcome], tone: outcome.outcome === "sent" ? "ok" : "problem" })
  }

  return (
    <Card sx={{ display: "grid", gap: 3 }}>
      <form noValidate onSubmit={find} sx={{ display: "flex", flexWrap: "wrap", gap: 3, alignItems: "flex-end" }}>
        <Box sx={{ flex: "1 1 260px" }}>
          <Field
            id={`${id}-email`}
            label={text.label}
            inputRef={inputRef}
            type="email"
            autoComplete="off"
            required
            value={email}
            aria-invalid={invalid}
            describedBy={invalid ? `${id}-problem` : undefined}
            onChange={setEmail}
          />
        </Box>
        <BusyButton busy={busy} variant="secondary">
          {busy ? text.finding : text.button}
        </BusyButton>
      </form>
      {invalid && (
        <Text as="p" id={`${id}-problem`} sx={{ color: "secondary" }}>
          {text.invalid}
        </Text>
      )}
      {found && (
        <Box as="section" aria-label={text.found} data-person="" sx={{ display: "grid", gap: 3, pt: 3, borderTop: "1px solid", borderColor: "border" }}>
          <Text as="p" sx={{ fontFamily: "monospace", overflowWrap: "anywhere" }}>
            {found.person.email}
          </Text>
          <PersonFacts person={found.person} rewards={rewards} text={text} formats={formats} />
          <ButtonRow>
            <BusyButton busy={busy} variant="primary" onPress={() => void resend()}>
              {text.resend}
            </BusyButton>
            {!found.person.whole && (
              <BusyButton busy={busy} variant="ghost" onPress={() => void look(found.email, true)}>
                {text.showWhole}
              </BusyButton>
            )}
          </ButtonRow>
        </Box>
      )}
      <NoteLine note={note} />
    </Card>
  )
}

/** The words this part reads from content/pages/owner.json, for the page's query. */
export const ownerPersonCopy = graphql`
  fragment OwnerPersonCopy on OwnerPerson {
    heading
    intro
    label
    button
    finding
    invalid
    notFound
    failed
    found
    status
    statuses {
      pending
      confirmed
    }
    place
    placeOf
    noPlace
    friends
    held
    reward
    noReward
    signedUp
    invitation
    notInvited
    invited
    redeemed
    resend
    showWhole
    resent {
      sent
      tooSoon
      noMail
      notFound
    }
  }
`
