/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { useId, useRef, useState, type FocusEvent, type FormEvent } from "react"
import { tickedEarly, typedEarly } from "../../lib/typed-early"
import { useMinimumAge, useUiCopy } from "../../hooks/use-site-content"
import { fillNotice } from "../../lib/notice"
import type { SignupFollowUp } from "../../lib/signup-client"
import type { SignupField } from "../../lib/validation"
import { loadToasts, notifyError, notifySuccess } from "../layout/Toasts"
import { FieldError } from "./FieldError"
import { Honeypot } from "./Honeypot"

/** The rules and the request, fetched when a visitor starts filling in the form (see signup-sending.ts). */
const loadSending = () => import("../../lib/signup-sending")

interface SignupFormProps {
  brand: string
  /** The team's address, offered when a signup fails. */
  contactEmail: string
  /** Called after a signup the endpoint accepted, with what to show next and the address as typed. */
  onJoined?: (followUp: SignupFollowUp | null, email: string) => void
}

/** "Join the Drop": email + consent, validated here, sent to the signup endpoint. */
export const SignupForm = ({ brand, contactEmail, onJoined }: SignupFormProps) => {
  const { signupForm: copy } = useUiCopy()
  // The wording as the visitor reads it, the minimum age in it: what the consent's version covers.
  const minimumAge = String(useMinimumAge())
  const consentWording = copy.consent.replace("{minimumAge}", minimumAge)
  const id = useId()
  const [email, setEmail] = useState(() => typedEarly(`${id}-email`))
  const [consent, setConsent] = useState(() => tickedEarly(`${id}-consent`))
  // The line under each field that needs fixing; a field's line goes once it is changed.
  const [errors, setErrors] = useState<Partial<Record<SignupField, string>>>({})
  const [submitting, setSubmitting] = useState(false)
  const submittingRef = useRef(false)
  const emailRef = useRef<HTMLInputElement>(null)
  const consentRef = useRef<HTMLInputElement>(null)
  const honeypotRef = useRef<HTMLInputElement>(null)

  /** What a visitor's first touch of the form starts: the toasts, the sending code and the bot check's work (done while they type). */
  const prepare = (event: FocusEvent<HTMLFormElement>) => {
    const form = event.currentTarget
    void loadToasts()
    void loadSending().then(({ startBotCheck }) => startBotCheck(form))
  }

  const clear = () => {
    setEmail("")
    setConsent(false)
    setErrors({})
  }
  const fixed = (field: SignupField) => setErrors(({ [field]: _fixed, ...rest }) => rest)
  const fields = { email: emailRef, consent: consentRef }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    if (submittingRef.current) return
    // Held from here, so a second press while the sending code loads sends nothing twice.
    submittingRef.current = true
    let sending: Awaited<ReturnType<typeof loadSending>>
    try {
      sending = await loadSending()
    } catch {
      submittingRef.current = false
      notifyError(fillNotice(copy.failure, { email: contactEmail }))
      return
    }
    const { checkSignup, consentVersion, firstProblem, problemToast, sendSignup, signupFieldMessages, takeBotCheck, visitAttribution } = sending

    const problems = checkSignup({ email, consent })
    const toast = problemToast(problems)
    if (toast) {
      submittingRef.current = false
      setErrors(signupFieldMessages(problems, copy.fieldErrors, minimumAge))
      notifyError(copy[toast])
      fields[firstProblem(problems) ?? "email"].current?.focus()
      return
    }

    setErrors({})
    setSubmitting(true)
    // A quick visitor waits here for the rest of the bot check's work; each solution is used once.
    const altcha = await takeBotCheck(form)
    // The trap field goes along: the endpoint answers a bot as if it had joined and stores nothing.
    const result = await sendSignup(email, {
      honeypot: honeypotRef.current?.value,
      attribution: visitAttribution(brand),
      consent: consentVersion(consentWording),
      altcha,
    })
    submittingRef.current = false
    setSubmitting(false)
    if (result.delivered) {
      notifySuccess(fillNotice(copy.success, { brand }))
      onJoined?.(result.followUp, email.trim())
      clear()
    } else if (result.refusal) {
      // The endpoint refused this address (a throwaway mailbox, say): say why, keep it for fixing.
      const why = copy.fieldErrors[result.refusal]
      setErrors({ email: why })
      notifyError({ title: copy.invalidEmail.title, description: why })
      emailRef.current?.focus()
    } else {
      notifyError(fillNotice(copy.failure, { email: contactEmail }))
    }
  }

  const [consentBefore, consentAfter = ""] = consentWording.split("{privacyLink}")

  return (
    <form noValidate onSubmit={onSubmit} onFocus={prepare} aria-label={copy.label} sx={{ display: "grid", gap: 4, maxWidth: 560 }}>
      <div>
        <label htmlFor={`${id}-email`} sx={{ variant: "forms.label", display: "block" }}>
          {copy.emailLabel}
        </label>
        <input
          ref={emailRef}
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
          placeholder={copy.emailPlaceholder}
          value={email}
          onChange={(event) => {
            setEmail(event.target.value)
            fixed("email")
          }}
          sx={{ variant: "forms.input", width: "100%" }}
        />
        <FieldError id={`${id}-email-error`} message={errors.email} />
      </div>
      <div>
        <div sx={{ display: "flex", gap: 3, alignItems: "flex-start" }}>
          <input
            ref={consentRef}
            id={`${id}-consent`}
            name="consent"
            type="checkbox"
            required
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
            checked={consent}
            onChange={(event) => {
              setConsent(event.target.checked)
              fixed("consent")
            }}
            sx={{
              width: 24,
              height: 24,
              mt: "2px",
              flexShrink: 0,
              accentColor: "primary",
              cursor: "pointer",
              '&[aria-invalid="true"]': { outline: "3px solid", outlineColor: "secondary", outlineOffset: "2px" },
            }}
          />
          <label htmlFor={`${id}-consent`} sx={{ fontSize: 0, color: "subtle", cursor: "pointer" }}>
            {consentBefore}
            <Link to="/privacy/" sx={{ variant: "links.inline" }}>
              {copy.privacyLink}
            </Link>
            {consentAfter}
          </label>
        </div>
        <FieldError id={`${id}-consent-error`} message={errors.consent} />
      </div>
      <Honeypot inputRef={honeypotRef} />
      <div>
        <button type="submit" disabled={submitting} aria-disabled={submitting} sx={{ variant: "buttons.primary", width: ["100%", "auto"] }}>
          {submitting ? copy.submitting : copy.submit}
        </button>
      </div>
    </form>
  )
}
