/** @jsxImportSource theme-ui */
import { Box, Button, Heading, Text } from "@theme-ui/components"
import { useId, useRef, useState } from "react"
import { saveFile } from "../../lib/owner-client"
import { commitSeed, runDraw, type OwnerDrop } from "../../lib/owner-drops-client"
import { fillTemplate } from "../../signup/template"
import type { ActionProps, Note } from "./action"
import { problemText } from "./action"
import { ButtonRow } from "./ButtonRow"
import { Field } from "./Field"
import { ConfirmAction, refused, type Outcome, type Prepared } from "./ConfirmAction"
import { useFocusOnMount } from "./focus"
import { stepPanel } from "./ui"
import { machineText } from "../shared/styles"

interface DropActionProps extends Omit<ActionProps, "onChanged"> {
  drop: OwnerDrop
  /** Says how the action went, in the drop's status line. */
  onNote(note: Note): void
  /** The drop changed: it is read again. */
  onChanged(): void
}

/** The seed, shown this once after committing: save it now, or download it as `<drop>.seed`. */
const SeedOnce = ({
  drop,
  seed,
  seedKept,
  copy,
  onDismiss,
}: {
  drop: string
  seed: string
  seedKept: boolean
  copy: ActionProps["copy"]["drops"]["commit"]
  onDismiss(): void
}) => {
  const id = useId()
  const headingRef = useFocusOnMount<HTMLHeadingElement>()
  return (
    <Box as="section" aria-labelledby={`${id}-heading`} data-seed-once="" sx={stepPanel("secondary")}>
      <Heading as="h4" id={`${id}-heading`} ref={headingRef} tabIndex={-1} sx={{ variant: "text.heading", fontSize: 2, color: "secondary", outline: "none" }}>
        {copy.seedHeading}
      </Heading>
      <Text as="p">{copy.seedText}</Text>
      <code data-seed="" sx={{ ...machineText, display: "block", p: 2, bg: "background", borderRadius: "small", userSelect: "all" }}>
        {seed}
      </code>
      <Text as="p" sx={{ color: seedKept ? "subtle" : "secondary", fontWeight: seedKept ? "body" : "bold" }}>
        {seedKept ? copy.seedKept : copy.seedNotKept}
      </Text>
      <ButtonRow>
        <Button type="button" variant="primary" onClick={() => saveFile(new Blob([`${seed}\n`], { type: "text/plain" }), `${drop}.seed`)}>
          {copy.download}
        </Button>
        <Button type="button" variant="secondary" onClick={onDismiss}>
          {copy.dismiss}
        </Button>
      </ButtonRow>
    </Box>
  )
}

/**
 * "Commit the seed", before a drop opens: asked first; then the new seed is shown this once, with
 * a download of it, until the owner says it is saved. The server never shows it again.
 */
export const CommitSeed = ({ drop, secret, copy, onProblem, onNote, onChanged }: DropActionProps) => {
  const text = copy.drops.commit
  const [shown, setShown] = useState<{ seed: string; seedKept: boolean } | null>(null)
  const commit = async (): Promise<Outcome | null> => {
    const outcome = await commitSeed(secret, drop.drop)
    if (outcome.kind === "ok") {
      setShown({ seed: outcome.seed, seedKept: outcome.seedKept })
      onChanged()
      return { note: null }
    }
    if (outcome.kind === "conflict") {
      onChanged()
      return { note: { text: text.conflict, tone: "problem" } }
    }
    return refused(problemText(outcome, text.confirmStep.failed, copy, onProblem))
  }
  if (shown) return <SeedOnce drop={drop.drop} seed={shown.seed} seedKept={shown.seedKept} copy={text} onDismiss={() => setShown(null)} />
  // Committed for this window (by this page or another): nothing more to do here.
  const committed = drop.commitment
  if (committed && Date.parse(committed.opensAt) === Date.parse(drop.opensAt) && Date.parse(committed.closesAt) === Date.parse(drop.closesAt)) return null
  return (
    <div>
      <Text as="p" sx={{ color: "subtle", mb: 3 }}>
        {text.text}
      </Text>
      <ConfirmAction opener={{ label: text.button }} words={text.confirmStep} cancelled={copy.actions.cancelled} run={commit} onNote={onNote} />
    </div>
  )
}

/**
 * "Run the draw", once a drop has closed: with a field for the saved seed where this server keeps
 * none, then asked first. Each refusal (no seed, a seed that does not match, not drawable now) is
 * said in the drop's status line.
 */
export const RunDraw = ({ drop, secret, copy, formats, onProblem, onNote, onChanged }: DropActionProps) => {
  const id = useId()
  const text = copy.drops.draw
  const [seed, setSeed] = useState("")
  const [invalid, setInvalid] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  /** The beacon round whose signature the owner pastes, once a draw found it out of reach. */
  const [beaconRound, setBeaconRound] = useState<number | null>(null)
  const [beacon, setBeacon] = useState("")
  const beaconRef = useRef<HTMLInputElement>(null)
  const check = (): Prepared<undefined> => {
    setInvalid(!drop.seedKept && seed.trim() === "")
    if (!drop.seedKept && seed.trim() === "") return { note: { text: text.seedMissing, tone: "problem" }, focus: inputRef }
    return { ask: undefined }
  }
  const draw = async (): Promise<Outcome | null> => {
    const outcome = await runDraw(secret, drop.drop, drop.seedKept ? null : seed.trim(), beaconRound === null ? null : beacon.trim() || null)
    switch (outcome.kind) {
      case "beaconNotYet":
        return { note: { text: fillTemplate(text.beaconNotYet, { time: formats.time(outcome.at) }), tone: "problem" } }
      case "beaconUnreachable":
      case "beaconInvalid":
        // Out of reach: the owner may paste the round's signature (checked by the server all the same).
        setBeaconRound(outcome.round)
        return {
          note: {
            text: fillTemplate(outcome.kind === "beaconUnreachable" ? text.beaconUnreachable : text.beaconInvalid, { round: String(outcome.round) }),
            tone: "problem",
          },
          focus: beaconRef.current ? beaconRef : undefined,
        }
      case "ok":
        onChanged()
        return { note: { text: fillTemplate(text.done, { count: formats.count(outcome.winners) }), tone: "ok" } }
      case "seedMissing":
      case "seedMismatch":
        setInvalid(true)
        return {
          note: { text: outcome.kind === "seedMissing" ? text.seedMissing : text.seedMismatch, tone: "problem" },
          focus: drop.seedKept ? undefined : inputRef,
        }
      case "conflict":
        onChanged()
        return { note: { text: text.conflict, tone: "problem" } }
      default:
        return refused(problemText(outcome, text.confirmStep.failed, copy, onProblem))
    }
  }
  return (
    <div>
      <Text as="p" sx={{ color: "subtle", mb: 3 }}>
        {text.text}
      </Text>
      {!drop.seedKept && (
        <Box sx={{ mb: 3 }}>
          <Field
            id={`${id}-seed`}
            label={text.seedLabel}
            hint={text.seedHint}
            inputRef={inputRef}
            autoComplete="off"
            spellCheck={false}
            sx={{ fontFamily: "monospace", fontSize: 0 }}
            value={seed}
            aria-invalid={invalid}
            onChange={setSeed}
          />
        </Box>
      )}
      {beaconRound !== null && (
        <Box sx={{ mb: 3 }}>
          <Field
            id={`${id}-beacon`}
            label={fillTemplate(text.beaconLabel, { round: String(beaconRound) })}
            inputRef={beaconRef}
            autoComplete="off"
            spellCheck={false}
            sx={{ fontFamily: "monospace", fontSize: 0 }}
            value={beacon}
            onChange={setBeacon}
          />
        </Box>
      )}
      <ConfirmAction
        opener={{ label: text.button, variant: "primary" }}
        prepare={check}
        words={text.confirmStep}
        cancelled={copy.actions.cancelled}
        run={draw}
        onNote={onNote}
      />
    </div>
  )
}
