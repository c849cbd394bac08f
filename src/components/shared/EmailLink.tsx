/** @jsxImportSource theme-ui */

/**
 * A mailto: link to an address that, when it must wrap, wraps before the "@" rather than in the
 * middle of a word ("business" / "@block94.example"). Named by the whole address, as the break
 * opportunity splits its text in two.
 */
export const EmailLink = ({ email }: { email: string }) => {
  const at = email.lastIndexOf("@")
  return (
    <a href={`mailto:${email}`} aria-label={email} sx={{ variant: "links.inline", overflowWrap: "break-word" }}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </a>
  )
}
