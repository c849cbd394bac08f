/** @jsxImportSource theme-ui */

/**
 * The line under a field that needs fixing, named by the field's `aria-describedby`. Not a live
 * region: the toast announces the problem once, and a screen reader reads this with the field.
 */
export const FieldError = ({ id, message }: { id: string; message: string | undefined }) =>
  message ? (
    <p id={id} data-field-error="" sx={{ mt: 2, fontSize: 0, fontWeight: "bold", color: "secondary" }}>
      {message}
    </p>
  ) : null
