/** @jsxImportSource theme-ui */
/**
 * react-toastify and its styles. Loaded only when a visitor starts using a form (see Toasts.tsx),
 * so pages that never show a toast never download it.
 */
import { Global } from "@emotion/react"
import { ToastContainer, toast } from "react-toastify"
import type { Notice } from "../../lib/notice"
import theme, { HEADER_HEIGHT } from "../../theme"

const colors = theme.colors ?? {}

/** react-toastify's look in the theme's colours. */
const TOAST_STYLES = {
  ":root": {
    "--toastify-color-success": String(colors.primary),
    "--toastify-text-color-success": String(colors.onPrimary),
    "--toastify-color-error": String(colors.destructive),
    "--toastify-text-color-error": String(colors.onDestructive),
    "--toastify-font-family": "inherit",
    "--toastify-toast-width": "360px",
    // Under the sticky header and its menu, never over them.
    "--toastify-toast-top": `${HEADER_HEIGHT + 12}px`,
    "--toastify-z-index": "19",
  },
  // Phones: react-toastify pins the toast to the window's top edge; ours goes under the header.
  "@media only screen and (max-width: 480px)": {
    "div.Toastify__toast-container.Toastify__toast-container--top-right": { top: HEADER_HEIGHT, padding: 8 },
  },
  ".Toastify__toast": { borderRadius: 12, fontSize: 15, lineHeight: 1.4, boxShadow: `0 0 0 2px ${String(colors.background)}` },
  ".Toastify__toast--success .Toastify__toast-icon svg": { fill: String(colors.onPrimary) },
  ".Toastify__close-button": { opacity: 1, color: "inherit" },
}

const ToastMessage = ({ title, description }: Notice) => (
  <div>
    <strong sx={{ display: "block", fontFamily: "heading", textTransform: "uppercase", letterSpacing: "0.02em", mb: 1 }}>{title}</strong>
    <span>{description}</span>
  </div>
)

export type ToastKind = "success" | "error"

/** Toasts of each kind that were leaving when a newer one came: each newer one needs an id of its own. */
const replaced: Record<ToastKind, number> = { success: 0, error: 0 }
const toastIdOf = (kind: ToastKind) => `toast-${kind}-${replaced[kind]}`

/** A toast that has begun to leave (its time ran out or it was closed) takes no new words. */
const isLeaving = (id: string) => document.getElementById(id)?.dataset.in === "false"

/**
 * Success is announced politely (`status`), errors at once (`alert`, destructive colours).
 * One toast of a kind at a time: a second error while one shows takes its place (its words and
 * its time) instead of stacking; one that comes while the last is leaving gets a toast of its
 * own. Focus stays where it is. Toasts shown before the container mounts wait for it, the
 * first of a kind standing for the rest.
 */
export const showToast = (kind: ToastKind, notice: Notice) => {
  const render = <ToastMessage {...notice} />
  if (isLeaving(toastIdOf(kind))) replaced[kind] += 1
  const toastId = toastIdOf(kind)
  if (toast.isActive(toastId)) toast.update(toastId, { render })
  else if (kind === "success") toast.success(render, { toastId, role: "status" })
  else toast.error(render, { toastId, role: "alert" })
}

/** The place toasts appear: one of each kind at most, each closing after 4.5 s. */
export const ToastViewport = () => (
  <>
    <Global styles={TOAST_STYLES} />
    <ToastContainer position="top-right" limit={3} autoClose={4500} theme="colored" newestOnTop closeOnClick={false} />
  </>
)
