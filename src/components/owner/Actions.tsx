/** @jsxImportSource theme-ui */
import { Box, Card, Heading, Text } from "@theme-ui/components"
import { useId, useRef, useState, type ReactNode } from "react"
import { fetchExport, forgetAddress, inviteNext, isEmailAddress, saveFile } from "../../lib/owner-client"
import { MAX_INVITE } from "../../signup/owner-requests"
import { fillTemplate } from "../../signup/template"
import { problemText, type ActionProps } from "./action"
import { ConfirmAction, refused, type Outcome, type Prepared } from "./ConfirmAction"
import { DataTable } from "./DataTable"
import { Field } from "./Field"
import { cardHeading } from "./ui"

/** One action's card: its heading (naming the section) and what it does, then its controls. */
function ActionCard({ heading, text, children }: { heading: string; text: string; children: ReactNode }) {
  const id = useId()
  return (
    <Card as="section" aria-labelledby={id}>
      <Heading as="h3" id={id} sx={cardHeading}>
        {heading}
      </Heading>
      <Text as="p" sx={{ color: "subtle", mb: 3 }}>
        {text}
      </Text>
      {children}
    </Card>
  )
}

/** Download the CSV export: asks first (the file holds every address), then saves it. */
export function ExportAction({ secret, copy, onProblem }: ActionProps) {
  const text = copy.exportList
  const download = async (): Promise<Outcome | null> => {
    const outcome = await fetchExport(secret)
    if (outcome.kind !== "ok") return refused(problemText(outcome, text.confirmStep.failed, copy, onProblem))
    saveFile(outcome.file, outcome.name)
    return { note: { text: text.done, tone: "ok" } }
  }
  return (
    <ActionCard heading={text.heading} text={text.text}>
      <ConfirmAction opener={{ label: text.button }} words={text.confirmStep} cancelled={copy.actions.cancelled} run={download} />
    </ActionCard>
  )
}

/** Erase an address (an erasure request by email): the address, then a confirm step naming it. */
export function ForgetAction({ secret, copy, onProblem, onChanged }: ActionProps) {
  const text = copy.forget
  const [email, setEmail] = useState("")
  const [invalid, setInvalid] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const check = (): Prepared<string> => {
    setInvalid(!isEmailAddress(email))
    if (isEmailAddress(email)) return { ask: email.trim() }
    inputRef.current?.focus()
    return null
  }
  const erase = async (address: string): Promise<Outcome | null> => {
    const outcome = await forgetAddress(secret, address)
    if (outcome.kind !== "ok") return refused(problemText(outcome, text.confirmStep.failed, copy, onProblem))
    setEmail("")
    onChanged()
    return { note: { text: fillTemplate(outcome.found ? text.found : text.notFound, { email: address }), tone: "ok" } }
  }
  return (
    <ActionCard heading={text.heading} text={text.text}>
      <ConfirmAction
        opener={{ label: text.button }}
        fields={
          <Field
            label={text.label}
            problem={invalid ? text.invalid : null}
            inputRef={inputRef}
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={setEmail}
          />
        }
        prepare={check}
        question={(address) => fillTemplate(text.confirmStep.question, { email: address })}
        words={text.confirmStep}
        destructive
        cancelled={copy.actions.cancelled}
        run={erase}
        returnFocus={inputRef}
      />
    </ActionCard>
  )
}

type NextPeople = Array<{ email: string; position: number }>

/** Invite the next N: the dry run's list first, then a confirm step that sends exactly those. */
export function InviteAction({ secret, copy, formats, onProblem, onChanged }: ActionProps) {
  const text = copy.invite
  const [count, setCount] = useState("50")
  const [invalid, setInvalid] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const preview = async (): Promise<Prepared<NextPeople>> => {
    const wanted = Number(count)
    setInvalid(!Number.isInteger(wanted) || wanted < 1 || wanted > MAX_INVITE)
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > MAX_INVITE) {
      inputRef.current?.focus()
      return null
    }
    const outcome = await inviteNext(secret, wanted, true)
    if (outcome.kind !== "ok") return refused(problemText(outcome, text.confirmStep.failed, copy, onProblem))
    return outcome.invited.length === 0 ? { note: { text: text.nobody, tone: "ok" } } : { ask: outcome.invited }
  }
  const invite = async (people: NextPeople): Promise<Outcome | null> => {
    const outcome = await inviteNext(secret, people.length, false)
    if (outcome.kind !== "ok") return refused(problemText(outcome, text.confirmStep.failed, copy, onProblem))
    onChanged()
    return { note: { text: fillTemplate(text.done, { count: formats.count(outcome.invited.length) }), tone: "ok" } }
  }
  const listCaption = (people: NextPeople) => fillTemplate(text.listCaption, { count: formats.count(people.length) })
  return (
    <ActionCard heading={text.heading} text={text.text}>
      <ConfirmAction
        opener={{ label: text.preview, preparing: text.previewing }}
        fields={
          <Field
            label={text.label}
            problem={invalid ? fillTemplate(text.invalid, { max: formats.count(MAX_INVITE) }) : null}
            inputRef={inputRef}
            type="number"
            required
            inputMode="numeric"
            min={1}
            max={MAX_INVITE}
            step={1}
            value={count}
            onChange={setCount}
            sx={{ maxWidth: 160 }}
          />
        }
        prepare={preview}
        question={(people) => fillTemplate(text.confirmStep.question, { count: formats.count(people.length) })}
        details={(people) => (
          // A long list scrolls in its box; the box takes focus so the keyboard can scroll it.
          <Box
            role="region"
            aria-label={listCaption(people)}
            tabIndex={0}
            sx={{ maxHeight: 240, overflowY: "auto", "&:focus-visible": { outline: "3px solid", outlineColor: "focus" } }}
          >
            <DataTable
              caption={listCaption(people)}
              rows={people}
              rowKey={(person) => person.email}
              columns={[
                { heading: text.position, numeric: true, cell: (person) => formats.count(person.position) },
                { heading: text.email, rowHeader: true, cell: (person) => person.email, sx: { overflowWrap: "anywhere" } },
              ]}
            />
          </Box>
        )}
        words={text.confirmStep}
        cancelled={copy.actions.cancelled}
        run={invite}
        returnFocus={inputRef}
      />
    </ActionCard>
  )
}
