/** @jsxImportSource theme-ui */
import { Box, Button } from "@theme-ui/components"
import { graphql } from "gatsby"
import { useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react"
import { NoteLine, type Note } from "./action"
import { ConfirmStep } from "./ConfirmStep"
import { busyButton } from "./ui"

/** How a step ended: what to say, and what takes the focus back where not the opener (a field to correct). */
export interface Outcome {
  note: Note
  focus?: RefObject<HTMLElement | null>
}

/** The outcome of a refusal: its words as a problem, or nothing where the page signs out instead (`problemText`). */
export const refused = (words: string | null): Outcome | null => (words === null ? null : { note: { text: words, tone: "problem" } })

/** What pressing the opener found: what to ask about; or something to say at once; or null where a field already says what is wrong. */
export type Prepared<About> = { ask: About } | Outcome | null

interface ConfirmActionProps<About> {
  /** The button that leads to the question, and what it says while `prepare` runs. */
  opener: { label: string; variant?: "primary" | "secondary"; preparing?: string }
  /** Fields the owner fills first (an address, a number): the opener then submits them as a form. */
  fields?: ReactNode
  /** Runs when the opener is pressed; without it the question is asked at once. */
  prepare?(): Prepared<About> | Promise<Prepared<About>>
  /** The question, where it names what it is about (the address, how many); else the words' own. */
  question?(about: About): ReactNode
  /** Shown under the question: what exactly the action will touch (who is next). */
  details?(about: About): ReactNode
  words: { question: string; confirm: string; cancel: string; working: string }
  /** For what cannot be undone: the step in the destructive colour. */
  destructive?: boolean
  /** Said when the owner does not go ahead. */
  cancelled: string
  /** Does it, once confirmed; says how it went (null: nothing to say, as when the page signs out). */
  run(about: About): Promise<Outcome | null>
  /** What takes the focus back once the step closes (the field the owner typed in); the opener by default. */
  returnFocus?: RefObject<HTMLElement | null>
  /** Where the outcome is said: the action's own status line, unless its card has one. */
  onNote?(note: Note): void
}

/**
 * An action the owner confirms before it runs: the opener (a button, or a form's submit), then
 * the confirm step (the question, the safe answer focused, Escape the same as it), then a note of
 * the outcome in a status line screen readers announce, the focus back where the owner was.
 */
export function ConfirmAction<About>(props: ConfirmActionProps<About>) {
  const { opener, fields, prepare, question, details, words, destructive = false, cancelled, run, returnFocus, onNote } = props
  const [asking, setAsking] = useState<{ about: About } | null>(null)
  const [busy, setBusy] = useState<"preparing" | "running" | null>(null)
  const [ownNote, setOwnNote] = useState<Note>(null)
  const openerRef = useRef<HTMLButtonElement>(null)
  const say = onNote ?? setOwnNote

  const close = ({ note, focus }: Outcome) => {
    setAsking(null)
    say(note)
    ;(focus ?? returnFocus ?? openerRef).current?.focus()
  }

  const open = async () => {
    if (busy !== null) return
    // A button opener asks again to close; a form's asks anew about what its fields hold now.
    if (asking !== null && fields === undefined) return close({ note: { text: cancelled, tone: "ok" } })
    say(null)
    if (!prepare) return setAsking({ about: undefined as About })
    setBusy("preparing")
    const prepared = await prepare()
    setBusy(null)
    if (prepared === null) return
    if ("ask" in prepared) setAsking({ about: prepared.ask })
    else close(prepared)
  }

  const confirm = async (about: About) => {
    setBusy("running")
    const outcome = await run(about)
    setBusy(null)
    if (outcome) close(outcome)
  }

  const button = (
    <Button
      ref={openerRef}
      type={fields === undefined ? "button" : "submit"}
      variant={opener.variant ?? "secondary"}
      aria-expanded={asking !== null}
      aria-disabled={busy !== null}
      onClick={fields === undefined ? () => void open() : undefined}
      sx={busyButton}
    >
      {busy === "preparing" && opener.preparing ? opener.preparing : opener.label}
    </Button>
  )
  return (
    <Box>
      {fields === undefined ? (
        button
      ) : (
        <form
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault()
            void open()
          }}
          sx={{ display: "grid", gap: 3 }}
        >
          {fields}
          <Box>{button}</Box>
        </form>
      )}
      {asking !== null && (
        <ConfirmStep
          destructive={destructive}
          question={question ? question(asking.about) : words.question}
          confirm={words.confirm}
          cancel={words.cancel}
          working={words.working}
          busy={busy === "running"}
          onConfirm={() => void confirm(asking.about)}
          onCancel={() => close({ note: { text: cancelled, tone: "ok" } })}
        >
          {details?.(asking.about)}
        </ConfirmStep>
      )}
      {onNote === undefined && <NoteLine note={ownNote} />}
    </Box>
  )
}

/** The words of a confirm step, as every action's copy in content/pages/owner.json holds them, for the page's query. */
export const ownerConfirmStepCopy = graphql`
  fragment OwnerConfirmStepCopy on OwnerConfirmStep {
    question
    confirm
    cancel
    working
    failed
  }
`
