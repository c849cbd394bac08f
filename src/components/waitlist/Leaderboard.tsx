/** @jsxImportSource theme-ui */
import { useId } from "react"
import type { ThemeUIStyleObject } from "theme-ui"
import { useSiteContent } from "../../hooks/use-site-content"
import { fillTemplate } from "../../signup/template"
import { LEADERBOARD_MIN_REFERRALS } from "../../signup/rewards"
import type { LeaderboardEntry } from "../../signup/schema"
import { formatCount } from "../../lib/numbers"

export interface LeaderboardCopy {
  heading: string
  intro: string
  rank: string
  name: string
  friends: string
  you: string
  empty: string
}

const minFriends = { minFriends: String(LEADERBOARD_MIN_REFERRALS) }

const cell: ThemeUIStyleObject = { py: 2, px: [2, 3], borderBottom: "1px solid", borderColor: "border", textAlign: "left" }

/** The top referrers as the service answers them: addresses masked, the reader's own row marked. */
export const Leaderboard = ({ rows, copy }: { rows: readonly LeaderboardEntry[]; copy: LeaderboardCopy }) => {
  const id = useId()
  const { language } = useSiteContent()
  return (
    <section aria-labelledby={`${id}-heading`} sx={{ mt: 6, pt: 5, borderTop: "2px solid", borderColor: "border", display: "grid", gap: 3 }}>
      <h2 id={`${id}-heading`} sx={{ variant: "text.heading", fontSize: [3, 4] }}>
        {copy.heading}
      </h2>
      <p sx={{ color: "subtle" }}>{fillTemplate(copy.intro, minFriends)}</p>
      {rows.length === 0 ? (
        <p>{fillTemplate(copy.empty, minFriends)}</p>
      ) : (
        <table aria-labelledby={`${id}-heading`} sx={{ width: "100%", borderCollapse: "collapse", fontVariantNumeric: "tabular-nums" }}>
          <thead>
            <tr sx={{ color: "subtle", fontSize: 0, textTransform: "uppercase", letterSpacing: "0.08em" }}>
              <th scope="col" sx={{ ...cell, width: "4.5em" }}>
                {copy.rank}
              </th>
              <th scope="col" sx={cell}>
                {copy.name}
              </th>
              <th scope="col" sx={{ ...cell, textAlign: "right" }}>
                {copy.friends}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={`${index} ${row.name}`} sx={row.you ? { bg: "surface", color: "primary", fontWeight: "bold" } : {}}>
                <td sx={cell}>{formatCount(index + 1, language)}</td>
                <td sx={cell}>
                  <span sx={{ wordBreak: "break-all" }}>{row.name}</span>
                  {row.you && (
                    <span
                      sx={{ display: "inline-block", whiteSpace: "nowrap", ml: 2, px: 2, borderRadius: "pill", bg: "primary", color: "onPrimary", fontSize: 0 }}
                    >
                      {copy.you}
                    </span>
                  )}
                </td>
                <td sx={{ ...cell, textAlign: "right" }}>{formatCount(row.referrals, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}
