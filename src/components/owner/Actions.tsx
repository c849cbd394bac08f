/** @jsxImportSource theme-ui */
import { useId, useRef, useState, type FormEvent, type ReactNode } from "react"
import { fetchExport, forgetAddress, inviteNext, isEmailAddress, saveFile } from "../../lib/owner-client"
import { MAX_INVITE } from "../../signup/owner-requests"
import { fillTemplate } from "../../lib/template"
import { NoteLine, problemText, type ActionProps, type Note } from "./action"
import { ConfirmStep } from "./ConfirmStep"
import { busyButton, card, cardHeading, dataTable, scroller } from "./ui"

/** One action's card: its heading (naming the section) and what it does, then its controls. */
const ActionCard = ({ id, heading, text, children }: { id: string; heading: string; text: string; children: ReactNode }) => (
  <section aria-labelledby={`${id}-heading`} sx={card}>
    <h3 id={`${id}-heading`} sx={cardHeading}>
      {heading}
    </h3>
    <p sx={{ color: "subtle", mb: 3 }}>{text}</p>
    {children}
  </section>
)

const field = { variant: "forms.input", width: "100%" } as const
const label = { variant: "forms.label", display: "block" } as const

/** Download the CSV export: asks first (the file holds every address), then saves it. */
export const ExportAction = ({ secret, copy, onProblem }: ActionProps) => {
  const id = useId()
  const text = copy.exportList
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<Note>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const close = (next: Note) => {
    setAsking(false)
    setNote(next)
    buttonRef.current?.focus()
  }
  const download = async () => {
    setBusy(true)
    const outcome = await fetchExport(secret)
    setBusy(false)
    if (outcome.kind === "ok") {
      saveFile(outcome.file, outcome.name)
      close({ text: text.done, tone: "ok" })
      return
    }
    const words = problemText(outcome, text.failed, copy, onProblem)
    if (words) close({ text: words, tone: "problem" })
  }
  return (
    <ActionCard id={id} heading={text.heading} text={text.text}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={asking}
        onClick={() => (asking ? close({ text: copy.actions.cancelled, tone: "ok" }) : (setNote(null), setAsking(true)))}
        sx={{ variant: "buttons.secondary" }}
      >
        {text.button}
      </button>
      {asking && (
        <ConfirmStep
          question={text.question}
          confirm={text.confirm}
          cancel={text.cancel}
          working={text.working}
          busy={busy}
          onConfirm={() => void download()}
          onCancel={() => close({ text: copy.actions.cancelled, tone: "ok" })}
        />
      )}
      <NoteLine note={note} />
    </ActionCard>
  )
}

/** Erase an address (an erasure request by email): the address, then a confirm step naming it. */
export const ForgetAction = ({ secret, copy, onProblem, onChanged }: ActionProps) => {
  const id = useId()
  const text = copy.forget
  const [email, setEmail] = useState("")
  const [asking, setAsking] = useState<string | null>(null)
  const [invalid, setInvalid] = useState(false)
  const [busy, setBusy] = useState(false)
  const [note, setNote] = useState<Note>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const close = (next: Note) => {
    setAsking(null)
    setNote(next)
    inputRef.current?.focus()
  }
  const ask = (event: FormEvent) => {
    event.preventDefault()
    setNote(null)
    if (!isEmailAddress(email)) {
      setInvalid(true)
      inputRef.current?.focus()
      return
    }
    setInvalid(false)
    setAsking(email.trim())
  }
  const erase = async (address: string) => {
    setBusy(true)
    const outcome = await forgetAddress(secret, address)
    setBusy(false)
    if (outcome.kind === "ok") {
      setEmail("")
      close({ text: fillTemplate(outcome.found ? text.found : text.notFound, { email: address }), tone: "ok" })
      onChanged()
      return
    }
    const words = problemText(outcome, text.failed, copy, onProblem)
    if (words) close({ text: words, tone: "problem" })
  }
  return (
    <ActionCard id={id} heading={text.heading} text={text.text}>
      <form noValidate onSubmit={ask} sx={{ display: "grid", gap: 3 }}>
        <div>
          <label htmlFor={`${id}-email`} sx={label}>
            {text.label}
          </label>
          <input
            ref={inputRef}
            id={`${id}-email`}
            type="email"
            autoComplete="off"
            required
            value={email}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${id}-invalid` : undefined}
            onChange={(event) => setEmail(event.currentTarget.value)}
            sx={field}
          />
          {invalid && (
            <p id={`${id}-invalid`} sx={{ color: "secondary", mt: 2 }}>
              {text.invalid}
            </p>
          )}
        </div>
        <div>
          <button type="submit" aria-expanded={asking !== null} sx={{ variant: "buttons.secondary" }}>
            {text.button}
          </button>
        </div>
      </form>
      {asking !== null && (
        <ConfirmStep
          destructive
          question={fillTemplate(text.question, { email: asking })}
          confirm={text.confirm}
          cancel={text.cancel}
          working={text.working}
          busy={busy}
          onConfirm={() => void erase(asking)}
          onCancel={() => close({ text: copy.actions.cancelled, tone: "ok" })}
        />
      )}
      <NoteLine note={note} />
    </ActionCard>
  )
}

/** Invite the next N: the dry run's list first, then a confirm step that sends exactly those. */
export const InviteAction = ({ secret, copy, formats, onProblem, onChanged }: ActionProps) => {
  const id = useId()
  const text = copy.invite
  const [count, setCount] = useState("50")
  const [invalid, setInvalid] = useState(false)
  const [busy, setBusy] = useState<"preview" | "invite" | null>(null)
  const [next, setNext] = useState<Array<{ email: string; position: number }> | null>(null)
  const [note, setNote] = useState<Note>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const close = (result: Note) => {
    setNext(null)
    setNote(result)
    inputRef.current?.focus()
  }
  const answer = (outcome: Awaited<ReturnType<typeof inviteNext>>): Array<{ email: string; position: number }> | null => {
    if (outcome.kind === "ok") return outcome.invited
    const words = problemText(outcome, text.failed, copy, onProblem)
    if (words) close({ text: words, tone: "problem" })
    return null
  }
  const preview = async (event: FormEvent) => {
    event.preventDefault()
    setNote(null)
    const wanted = Number(count)
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > MAX_INVITE) {
      setInvalid(true)
      inputRef.current?.focus()
      return
    }
    setInvalid(false)
    setBusy("preview")
    const people = answer(await inviteNext(secret, wanted, true))
    setBusy(null)
    if (people === null) return
    if (people.length === 0) close({ text: text.nobody, tone: "ok" })
    else setNext(people)
  }
  const invite = async (people: Array<{ email: string; position: number }>) => {
    setBusy("invite")
    const sent = answer(await inviteNext(secret, people.length, false))
    setBusy(null)
    if (sent === null) return
    close({ text: fillTemplate(text.done, { count: formats.count(sent.length) }), tone: "ok" })
    onChanged()
  }
  return (
    <ActionCard id={id} heading={text.heading} text={text.text}>
      <form noValidate onSubmit={(event) => void preview(event)} sx={{ display: "grid", gap: 3 }}>
        <div>
          <label htmlFor={`${id}-count`} sx={label}>
            {text.label}
          </label>
          <input
            ref={inputRef}
            id={`${id}-count`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_INVITE}
            step={1}
            required
            value={count}
            aria-invalid={invalid}
            aria-describedby={invalid ? `${id}-invalid` : undefined}
            onChange={(event) => setCount(event.currentTarget.value)}
            sx={{ ...field, maxWidth: 160 }}
          />
          {invalid && (
            <p id={`${id}-invalid`} sx={{ color: "secondary", mt: 2 }}>
              {fillTemplate(text.invalid, { max: formats.count(MAX_INVITE) })}
            </p>
          )}
        </div>
        <div>
          <button type="submit" aria-disabled={busy !== null} sx={{ variant: "buttons.secondary", ...busyButton }}>
            {busy === "preview" ? text.previewing : text.preview}
          </button>
        </div>
      </form>
      {next !== null && (
        <ConfirmStep
          question={fillTemplate(text.question, { count: formats.count(next.length) })}
          confirm={text.confirm}
          cancel={text.cancel}
          working={text.working}
          busy={busy === "invite"}
          onConfirm={() => void invite(next)}
          onCancel={() => close({ text: copy.actions.cancelled, tone: "ok" })}
        >
          <div role="region" aria-labelledby={`${id}-list`} tabIndex={0} sx={{ ...scroller, maxHeight: 240, overflowY: "auto" }}>
            <table sx={dataTable}>
              <caption id={`${id}-list`}>{fillTemplate(text.listCaption, { count: formats.count(next.length) })}</caption>
              <thead>
                <tr>
                  <th scope="col" className="number">
                    {text.position}
                  </th>
                  <th scope="col">{text.email}</th>
                </tr>
              </thead>
              <tbody>
                {next.map((person) => (
                  <tr key={person.email}>
                    <td className="number">{formats.count(person.position)}</td>
                    <td sx={{ overflowWrap: "anywhere" }}>{person.email}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </ConfirmStep>
      )}
      <NoteLine note={note} />
    </ActionCard>
  )
}
