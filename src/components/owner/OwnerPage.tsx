/** @jsxImportSource theme-ui */
import { Box, Flex, Text } from "@theme-ui/components"
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react"
import { fetchSummary, isOwnerPageOn, keepSecret, ownerSecretKey, readSecret, type OwnerProblem } from "../../lib/owner-client"
import { fetchFunnel } from "../../lib/owner-funnel-client"
import type { FunnelAnswer } from "../../signup/funnel"
import type { OwnerSummaryAnswer as OwnerSummary } from "../../signup/owner-summary"
import { makeFormats } from "../../lib/owner-format"
import { typedEarly } from "../../lib/typed-early"
import { fillTemplate } from "../../signup/template"
import type { OwnerCopy } from "./copy"
import type { DropPieces } from "./Drops"
import type { RewardTier } from "./FindPerson"
import { OwnerShell } from "./OwnerShell"
import { BusyButton } from "./ButtonRow"
import { Field } from "./Field"

/** How often the open page reads the figures again, while the owner can see it. */
export const REFRESH_EVERY_MS = 60_000

// The dashboard and its chart load only once the secret is accepted: nothing of them ships with
// the sign-in form, nor with any other page.
const Dashboard = lazy(() => import("./Dashboard"))

type Phase =
  /** Server HTML and the first render: the sign-in form, until the page knows better. */
  | { kind: "starting" }
  | { kind: "off" }
  | { kind: "signIn"; problem: OwnerProblem | { kind: "missing" } | null; checking: boolean }
  | { kind: "ready"; secret: string; summary: OwnerSummary; funnel: FunnelAnswer | null; refreshing: boolean }

interface OwnerPageProps {
  brand: string
  copy: OwnerCopy
  /** The drops' pieces and sizes, from content/drops.json (none: no drop declared). */
  dropPieces?: DropPieces
  /** The reward tiers, from content/rewards.json. */
  rewards?: readonly RewardTier[]
}

const problemWords = (problem: OwnerProblem | { kind: "missing" }, copy: OwnerCopy): string => {
  switch (problem.kind) {
    case "missing":
      return copy.signIn.missing
    case "wrong":
      return copy.signIn.wrong
    case "tooMany":
      return copy.signIn.tooMany
    case "off":
      return copy.off
    case "failed":
      return copy.signIn.failed
  }
}

/**
 * The owner's page: the sign-in form, then the dashboard. The secret is kept in this tab's
 * session storage only, and sent as a bearer token with every call. Everything that reads the
 * clock, the storage or the owner's locale happens after mount.
 */
export const OwnerPage = ({ brand, copy, dropPieces = {}, rewards = [] }: OwnerPageProps) => {
  const id = useId()
  const storageKey = ownerSecretKey(brand)
  const [phase, setPhase] = useState<Phase>({ kind: "starting" })
  const [secretInput, setSecretInput] = useState(() => typedEarly(`${id}-secret`))
  // The summary's time is the page's "now": dates of this year are written without it.
  const summaryTime = phase.kind === "ready" ? Date.parse(phase.summary.generatedAt) : null
  const formats = useMemo(() => (summaryTime === null ? null : makeFormats(undefined, undefined, summaryTime)), [summaryTime])
  const inputRef = useRef<HTMLInputElement>(null)
  const headingRef = useRef<HTMLParagraphElement>(null)

  const signOut = useCallback(
    (problem: OwnerProblem | null = null) => {
      keepSecret(storageKey, null)
      setSecretInput("")
      setPhase(problem?.kind === "off" ? { kind: "off" } : { kind: "signIn", problem, checking: false })
    },
    [storageKey],
  )

  const load = useCallback(
    async (secret: string, refreshing: boolean) => {
      const [outcome, funnel] = await Promise.all([fetchSummary(secret), fetchFunnel(secret)])
      if (outcome.kind === "ok") {
        keepSecret(storageKey, secret)
        // A funnel that could not be read this time leaves the last one on screen.
        setPhase((current) => ({
          kind: "ready",
          secret,
          summary: outcome.summary,
          funnel: funnel.kind === "ok" ? funnel.funnel : current.kind === "ready" ? current.funnel : null,
          refreshing: false,
        }))
        return
      }
      if (refreshing && outcome.kind === "failed") {
        // The numbers on screen stay; the next refresh tries again.
        setPhase((current) => (current.kind === "ready" ? { ...current, refreshing: false } : current))
        return
      }
      if (outcome.kind === "wrong" || outcome.kind === "off") keepSecret(storageKey, null)
      setPhase(outcome.kind === "off" ? { kind: "off" } : { kind: "signIn", problem: outcome, checking: false })
    },
    [storageKey],
  )

  useEffect(() => {
    const kept = readSecret(storageKey)
    if (kept) {
      setPhase({ kind: "signIn", problem: null, checking: true })
      void load(kept, false)
      return
    }
    void isOwnerPageOn().then((on) => setPhase(on === false ? { kind: "off" } : { kind: "signIn", problem: null, checking: false }))
  }, [storageKey, load])

  // While the page is open and shown, the figures are read again every minute.
  const readySecret = phase.kind === "ready" ? phase.secret : null
  useEffect(() => {
    if (readySecret === null) return
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") void load(readySecret, true)
    }, REFRESH_EVERY_MS)
    return () => clearInterval(timer)
  }, [readySecret, load])

  // Focus follows the page: to the numbers once signed in, back to the field after signing out.
  const previous = useRef<Phase["kind"]>(phase.kind)
  useEffect(() => {
    if (previous.current === "signIn" && phase.kind === "ready") headingRef.current?.focus()
    if (previous.current === "ready" && phase.kind === "signIn") inputRef.current?.focus()
    previous.current = phase.kind
  }, [phase.kind])

  const signIn = (event: FormEvent) => {
    event.preventDefault()
    if (phase.kind === "signIn" && phase.checking) return
    const secret = secretInput.trim()
    if (secret === "") {
      setPhase({ kind: "signIn", problem: { kind: "missing" }, checking: false })
      inputRef.current?.focus()
      return
    }
    setPhase({ kind: "signIn", problem: null, checking: true })
    void load(secret, false)
  }

  if (phase.kind === "off")
    return (
      <OwnerShell brand={brand} copy={copy} onSignOut={null}>
        <Text as="p" variant="lead" sx={{ maxWidth: 680 }}>
          {copy.off}
        </Text>
      </OwnerShell>
    )

  if (phase.kind === "ready" && formats) {
    return (
      <OwnerShell brand={brand} copy={copy} onSignOut={() => signOut()}>
        <Flex sx={{ flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: 3, mb: [4, 5] }}>
          <Box>
            <Text as="p" ref={headingRef} tabIndex={-1} aria-live="polite" sx={{ color: "subtle", outline: "none" }}>
              {fillTemplate(copy.updated, { time: formats.time(phase.summary.generatedAt) })}
            </Text>
            <Text as="p" sx={{ color: "subtle", fontSize: 0 }}>
              {copy.now.auto}
            </Text>
          </Box>
          <BusyButton
            busy={phase.refreshing}
            variant="ghost"
            onPress={() => {
              setPhase({ ...phase, refreshing: true })
              void load(phase.secret, true)
            }}
          >
            {phase.refreshing ? copy.loading : copy.refresh}
          </BusyButton>
        </Flex>
        <Suspense
          fallback={
            <Text as="p" variant="lead">
              {copy.loading}
            </Text>
          }
        >
          <Dashboard
            summary={phase.summary}
            funnel={phase.funnel}
            copy={copy}
            formats={formats}
            secret={phase.secret}
            onProblem={signOut}
            onChanged={() => void load(phase.secret, true)}
            dropPieces={dropPieces}
            rewards={rewards}
          />
        </Suspense>
      </OwnerShell>
    )
  }

  const checking = phase.kind === "signIn" && phase.checking
  const problem = phase.kind === "signIn" ? phase.problem : null
  return (
    <OwnerShell brand={brand} copy={copy} onSignOut={null}>
      <form
        noValidate
        method="post"
        onSubmit={signIn}
        sx={{
          display: "grid",
          gap: 3,
          maxWidth: 480,
          p: [4, 5],
          bg: "surface",
          border: "2px solid",
          borderColor: "border",
          borderRadius: "large",
          boxShadow: "pop",
        }}
      >
        <Field
          id={`${id}-secret`}
          label={copy.signIn.label}
          hint={copy.signIn.hint}
          inputRef={inputRef}
          name="owner-secret"
          type="password"
          autoComplete="current-password"
          required
          value={secretInput}
          aria-invalid={problem !== null && (problem.kind === "wrong" || problem.kind === "missing")}
          describedBy={`${id}-secret-problem`}
          onChange={setSecretInput}
        />
        <Text as="p" id={`${id}-secret-problem`} role="alert" sx={{ color: "secondary", fontWeight: "bold", "&:empty": { display: "none" } }}>
          {problem ? problemWords(problem, copy) : ""}
        </Text>
        <Box>
          <BusyButton busy={checking} variant="primary">
            {checking ? copy.signIn.checking : copy.signIn.button}
          </BusyButton>
        </Box>
      </form>
    </OwnerShell>
  )
}
