/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { useDropVisitor } from "../../hooks/use-drop-visitor"
import { useWindowPhase } from "../../hooks/use-window-phase"
import { visitorAction, type VisitorAction } from "../../lib/drop-schedule"
import { HOME_SIGNUP_PATH, STATUS_PAGE_PATH } from "../../lib/routes"
import { fillTemplate } from "../../signup/template"
import { JoinDropButton } from "../shared/JoinDropButton"
import type { ActionCopy, DropContent, EnterCopy } from "./copy"

interface ActionLinkProps {
  action: NonNullable<VisitorAction>
  /** The status link's secret the page was opened with, carried on to the status page. */
  token: string | null | undefined
  copy: ActionCopy
  /** Each size's name for people, by its key ("hoodie/M" -> "Block Heavyweight Hoodie, M"). */
  sizeNames: Readonly<Record<string, string>>
  variant: "primary" | "small"
}

/** The status page, with the reader's own link when the page has it. */
const statusPage = (token: string | null | undefined): string => (token ? `${STATUS_PAGE_PATH}#${new URLSearchParams({ token }).toString()}` : STATUS_PAGE_PATH)

/** The action as a button-like link: join (to the signup section), enter or "you're in" (to the status page). */
export const ActionLink = ({ action, token, copy, sizeNames, variant }: ActionLinkProps) => {
  if (action.kind === "join") return <JoinDropButton label={copy.join} variant={variant} />
  const label = action.kind === "enter" ? copy.enter : fillTemplate(copy.entered, { size: sizeNames[action.size] ?? action.size })
  return (
    <Link to={statusPage(token)} data-action={action.kind} sx={{ variant: `buttons.${variant}` }}>
      {label}
    </Link>
  )
}

interface DropActionProps {
  drop: DropContent
  copy: { action: ActionCopy; enter: EnterCopy }
  minimumAge: number
  sizeNames: Readonly<Record<string, string>>
}

/**
 * The one action that fits the visitor's stage, by the countdown, with the age rule (said here and
 * nowhere else on the page) and where to enter. The action needs the clock, so it fills in after
 * mount in room kept for it; without JavaScript the way onto the list is there as a link.
 * Changing stage (the opening) changes the action's words, never the band's height.
 */
export const DropAction = ({ drop, copy, minimumAge, sizeNames }: DropActionProps) => {
  const phase = useWindowPhase(drop)
  const { token, entry } = useDropVisitor(drop.id)
  const action = phase === null ? null : visitorAction(phase, entry)
  return (
    <div
      data-drop-action={action?.kind ?? "none"}
      sx={{
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        columnGap: 5,
        rowGap: 3,
        mb: [6, 7],
        p: [4, 5],
        variant: "messages.edge",
        bg: "muted",
        borderRadius: "default",
      }}
    >
      {/* A column of its own on wider screens: a label of another length never reflows the words beside it. */}
      <div sx={{ flex: ["1 1 100%", "0 0 17rem"], minHeight: 48 }}>
        {action && <ActionLink action={action} token={token} copy={copy.action} sizeNames={sizeNames} variant="primary" />}
      </div>
      <p sx={{ flex: "1 1 20rem", fontSize: [1, 2], fontWeight: "bold" }}>{fillTemplate(copy.enter.text, { minimumAge: String(minimumAge) })}</p>
      {/* The way onto the list while there is no action (the page without JavaScript, after the close): hidden, never removed, so hydration keeps the server's elements. */}
      <Link to={HOME_SIGNUP_PATH} hidden={action !== null} sx={{ variant: "buttons.secondary", "&[hidden]": { display: "none" } }}>
        {copy.enter.joinLink}
      </Link>
    </div>
  )
}
