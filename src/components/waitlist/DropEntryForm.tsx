/** @jsxImportSource theme-ui */
import { useId, useRef, useState, type FormEvent } from "react"
import { sizeKey, type EntryReview } from "../../drop/contract"
import type { EntryOutcome } from "../../lib/drop-entering"
import { fillTemplate } from "../../signup/template"
import type { DropEntryCopy, EntryDrop } from "./drop-entry-copy"

/** An entry as it stands: its size (a size key), the tickets it holds, its number in the published list. */
export interface Entry {
  size: string
  tickets: number
  entryId: string
  /** Whether it waits for the team's check before it joins the draw (see EntryReview). */
  review: EntryReview
}

interface DropEntryFormProps {
  dropId: string
  pieces: EntryDrop["pieces"]
  /** Each size's name for people, by its key. */
  names: Record<string, string>
  entry: Entry | null
  token: string
  copy: DropEntryCopy
  /** The entry changed (null: withdrawn). */
  onEntry(entry: Entry | null): void
}

type Note = { text: string; tone: "ok" | "problem" } | null

// The entering code (the request and the bot check) loads when a person first touches the form.
const loadEntering = () => import("../../lib/drop-entering")

/** A busy button stays focusable (a disabled one drops focus); its clicks are ignored instead. */
const busyButton = { '&[aria-disabled="true"]': { opacity: 0.7, cursor: "progress" } } as const

const fieldset = { border: 0, p: 0, m: 0, minWidth: 0 } as const

/** A size's pill: the radio fills it (44 px at least), so the whole pill is the target. */
const sizeOption = {
  position: "relative",
  display: "inline-flex",
  input: { position: "absolute", inset: 0, width: "100%", height: "100%", m: 0, opacity: 0, cursor: "pointer" },
  span: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    minWidth: 48,
    minHeight: 48,
    px: 3,
    border: "2px solid",
    borderColor: "border",
    borderRadius: "pill",
    fontWeight: "bold",
    bg: "surface",
  },
  "input:checked + span": { bg: "primary", color: "onPrimary", borderColor: "primary" },
  "input:focus-visible + span": { outline: "3px solid", outlineColor: "focus", outlineOffset: "3px" },
  "input:hover:not(:checked) + span": { borderColor: "text" },
} as const

/**
 * The size choice of an open drop and its buttons: "Enter the draw", then "Change my size" and
 * "Withdraw my entry". Native radios, so arrow keys move through the sizes. Each answer is said
 * in the status line; a refused request keeps the chosen size, to try again.
 */
export const DropEntryForm = ({ dropId, pieces, names, entry, token, copy, onEntry }: DropEntryFormProps) => {
  const id = useId()
  const [chosen, setChosen] = useState<string | null>(entry?.size ?? null)
  const [busy, setBusy] = useState<"enter" | "withdraw" | null>(null)
  const [note, setNote] = useState<Note>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const firstRef = useRef<HTMLInputElement>(null)
  const enterRef = useRef<HTMLButtonElement>(null)

  const startBotCheck = () =>
    void loadEntering()
      .then((entering) => entering.startBotCheck(formRef.current))
      .catch(() => undefined)

  const send = async (size: string | null) => {
    const entering = await loadEntering().catch(() => null)
    if (!entering) return { kind: "refused", why: "failed" } as EntryOutcome
    const altcha = await entering.takeBotCheck(formRef.current).catch(() => undefined)
    return entering.enterDrop(token, dropId, size, altcha)
  }

  const answered = (outcome: EntryOutcome, done: (size: string | null) => string) => {
    if (outcome.kind === "refused") {
      setNote({ text: copy.errors[outcome.why], tone: "problem" })
      return
    }
    onEntry(
      outcome.size === null || outcome.entryId === null
        ? null
        : { size: outcome.size, tickets: outcome.tickets, entryId: outcome.entryId, review: outcome.review },
    )
    setNote({ text: done(outcome.size), tone: "ok" })
  }

  const enter = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    if (chosen === null) {
      setNote({ text: copy.chooseSize, tone: "problem" })
      firstRef.current?.focus()
      return
    }
    setBusy("enter")
    setNote(null)
    const wasEntered = entry !== null
    const outcome = await send(chosen)
    setBusy(null)
    answered(outcome, (size) => fillTemplate(wasEntered ? copy.changed : copy.entered, { size: size === null ? "" : (names[size] ?? size) }))
  }

  const withdraw = async () => {
    if (busy) return
    setBusy("withdraw")
    setNote(null)
    const outcome = await send(null)
    setBusy(null)
    answered(outcome, () => copy.withdrawn)
    // The withdraw button goes with the entry: focus stays in the form, on "Enter the draw".
    if (outcome.kind === "entered" && outcome.size === null) enterRef.current?.focus()
  }

  const firstKey = pieces[0]?.sizes[0] ? sizeKey(pieces[0].id, pieces[0].sizes[0].label) : null
  return (
    <form ref={formRef} noValidate onSubmit={(event) => void enter(event)} onFocus={startBotCheck} sx={{ display: "grid", gap: 4 }}>
      <fieldset sx={fieldset}>
        {/* Floated, a legend lays out like any block: the pieces' groups start below it. */}
        <legend sx={{ variant: "forms.label", float: "left", width: "100%", p: 0 }}>{copy.sizes}</legend>
        {pieces.map((piece) => (
          <fieldset key={piece.id} sx={{ ...fieldset, clear: "both", pt: 2 }}>
            <legend sx={{ float: "left", width: "100%", p: 0, mb: 2, fontWeight: "bold" }}>{piece.name}</legend>
            <div sx={{ clear: "both", display: "flex", flexWrap: "wrap", gap: 2 }}>
              {piece.sizes.map((size) => {
                const key = sizeKey(piece.id, size.label)
                return (
                  <label key={key} sx={sizeOption}>
                    <input
                      ref={key === firstKey ? firstRef : undefined}
                      type="radio"
                      name={`${id}-size`}
                      value={key}
                      checked={chosen === key}
                      onChange={() => setChosen(key)}
                    />
                    <span>{size.label}</span>
                  </label>
                )
              })}
            </div>
          </fieldset>
        ))}
      </fieldset>
      <div sx={{ display: "flex", flexWrap: "wrap", gap: 3 }}>
        <button ref={enterRef} type="submit" aria-disabled={busy !== null} sx={{ variant: "buttons.primary", ...busyButton }}>
          {busy === "enter" ? copy.sending : entry ? copy.change : copy.enter}
        </button>
        {entry && (
          <button type="button" aria-disabled={busy !== null} onClick={() => void withdraw()} sx={{ variant: "buttons.secondary", ...busyButton }}>
            {busy === "withdraw" ? copy.withdrawing : copy.withdraw}
          </button>
        )}
      </div>
      <p role="status" sx={{ minHeight: "1.6em", m: 0, fontWeight: "bold", color: note?.tone === "problem" ? "secondary" : "primary" }}>
        {note?.text ?? ""}
      </p>
    </form>
  )
}
