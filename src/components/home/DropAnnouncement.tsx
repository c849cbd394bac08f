/** @jsxImportSource theme-ui */
import { Link } from "gatsby"
import { DROP_PAGE_PATH } from "../../lib/routes"

interface DropAnnouncementProps {
  /** The notes of the drops that show one (drops.json, announcement). */
  notes: ReadonlyArray<string>
  linkLabel: string
}

/**
 * A short note about a drop on Home with the link to the drop page: words and a link in the server
 * HTML, nothing that runs, and kept small, as it is part of Home's JavaScript. Nothing when no drop is announced.
 */
export const DropAnnouncement = ({ notes, linkLabel }: DropAnnouncementProps) =>
  notes.length > 0 && (
    <div sx={{ variant: "layout.container" }}>
      <p data-drop-announcement="" sx={{ p: 4, bg: "surface", borderLeft: "6px solid", borderColor: "secondary", borderRadius: "default", fontWeight: "bold" }}>
        {notes.map((note) => `${note} `)}
        <Link to={DROP_PAGE_PATH} sx={{ variant: "links.inline" }}>
          {linkLabel}
        </Link>
      </p>
    </div>
  )
