/**
 * Hidden form field that people leave empty and form-filling bots do not. On its own, so the
 * form's markup can name it without bringing the signup rules into every page that shows it.
 */
export const HONEYPOT_FIELD = "company"
