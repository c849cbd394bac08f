/** @jsxImportSource theme-ui */

export interface InvitedNoteCopy {
  heading: string
  text: string
  redeemed: string
}

/** On the status page of someone a wave has invited: "You're invited", and where the invitation is (or that it was used). */
export const InvitedNote = ({ copy, redeemed }: { copy: InvitedNoteCopy; redeemed: boolean }) => (
  <section
    aria-labelledby="invited-heading"
    sx={{ display: "grid", gap: 2, mb: 5, p: [3, 4], bg: "surface", border: "2px solid", borderColor: "primary", borderRadius: "large", boxShadow: "pop" }}
  >
    <h2 id="invited-heading" sx={{ variant: "text.heading", fontSize: [4, 5], color: "primary" }}>
      {copy.heading}
    </h2>
    <p>{redeemed ? copy.redeemed : copy.text}</p>
  </section>
)
