/** @jsxImportSource theme-ui */
import { useId, useRef, useState, type FormEvent } from "react"
import { buildContactMailto } from "../../lib/mailto"
import { useUiCopy } from "../../hooks/use-site-content"
import { fillNotice } from "../../lib/notice"
import { afterNextPaint, wait } from "../../lib/paint"
import { checkContact, fieldMessages, firstProblem, problemToast, type ContactFields } from "../../lib/validation"
import { loadToasts, notifyError, notifySuccess } from "../layout/Toasts"
import { typedEarly } from "../../lib/typed-early"
import { Field } from "./Field"

interface ContactFormProps {
  /** The team's general address. */
  to: string
  /** How soon the team replies, e.g. "3 business days". */
  responseTime: string
  /** Opens a URL; the browser's navigation by default, replaceable in tests. */
  openUrl?: (url: string) => void
}

const EMPTY: ContactFields = { name: "", email: "", message: "" }

/** How long "Sending..." stays on screen while the visitor's mail client takes the message. */
export const HANDOFF_MS = 400

/** Follows a mailto: link, as if the visitor had clicked it; the browser hands it to the mail client. */
const openInBrowser = (url: string) => {
  const link = document.createElement("a")
  link.href = url
  link.rel = "noopener"
  document.body.appendChild(link)
  try {
    link.click()
  } finally {
    link.remove()
  }
}

/** Writes the message into the visitor's own mail client, addressed to the team. */
export const ContactForm = ({ to, responseTime, openUrl = openInBrowser }: ContactFormProps) => {
  const { contactForm: copy } = useUiCopy()
  const id = useId()
  const [fields, setFields] = useState<ContactFields>(() => ({
    name: typedEarly(`${id}-name`),
    email: typedEarly(`${id}-email`),
    message: typedEarly(`${id}-message`),
  }))
  // The line under each field that needs fixing; a field's line goes once it is changed.
  const [errors, setErrors] = useState<Partial<Record<keyof ContactFields, string>>>({})
  const [submitting, setSubmitting] = useState(false)
  const submittingRef = useRef(false)
  const nameRef = useRef<HTMLInputElement>(null)
  const emailRef = useRef<HTMLInputElement>(null)
  const messageRef = useRef<HTMLTextAreaElement>(null)

  const update = (field: keyof ContactFields) => (event: { target: { value: string } }) => {
    setFields((current) => ({ ...current, [field]: event.target.value }))
    setErrors(({ [field]: _fixed, ...rest }) => rest)
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (submittingRef.current) return
    const problems = checkContact(fields)
    const toast = problemToast(problems)
    if (toast) {
      setErrors(fieldMessages(problems, copy.fieldErrors))
      notifyError(copy[toast])
      const inputs = { name: nameRef, email: emailRef, message: messageRef }
      inputs[firstProblem(problems) ?? "name"].current?.focus()
      return
    }
    setErrors({})
    submittingRef.current = true
    setSubmitting(true)
    // "Sending..." is painted before the browser turns to the mail client, and stays a moment.
    await afterNextPaint()
    try {
      openUrl(buildContactMailto(to, fields))
      await wait(HANDOFF_MS)
      notifySuccess(fillNotice(copy.success, { responseTime }))
      setFields(EMPTY)
    } catch {
      notifyError(copy.failure)
    } finally {
      submittingRef.current = false
      setSubmitting(false)
    }
  }

  const fieldProps = (field: keyof ContactFields) => ({
    id: `${id}-${field}`,
    name: field,
    required: true,
    value: fields[field],
    onChange: update(field),
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": errors[field] ? `${id}-${field}-error` : undefined,
  })

  return (
    <form noValidate onSubmit={onSubmit} onFocus={() => void loadToasts()} aria-label={copy.label} sx={{ display: "grid", gap: 4 }}>
      <Field id={`${id}-name`} label={copy.nameLabel} error={errors.name}>
        <input ref={nameRef} type="text" autoComplete="name" {...fieldProps("name")} sx={{ variant: "forms.input", width: "100%" }} />
      </Field>
      <Field id={`${id}-email`} label={copy.emailLabel} error={errors.email}>
        <input ref={emailRef} type="email" inputMode="email" autoComplete="email" {...fieldProps("email")} sx={{ variant: "forms.input", width: "100%" }} />
      </Field>
      <Field id={`${id}-message`} label={copy.messageLabel} error={errors.message}>
        <textarea ref={messageRef} rows={6} {...fieldProps("message")} sx={{ variant: "forms.textarea", width: "100%", display: "block" }} />
      </Field>
      <div>
        <button type="submit" disabled={submitting} sx={{ variant: "buttons.primary", width: ["100%", "auto"] }}>
          {submitting ? copy.submitting : copy.submit}
        </button>
      </div>
    </form>
  )
}
