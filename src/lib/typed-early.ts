/**
 * What a visitor typed into a form of the server's HTML before the page's JavaScript came (on a
 * slow network the form is there first). A form's state starts from its fields, so hydrating it
 * keeps what the visitor sees, and sends that. Nothing on the server or for a field not on the page.
 */
const fieldOnPage = (id: string) => (typeof document === "undefined" ? null : (document.getElementById(id) as HTMLInputElement | null))

export const typedEarly = (id: string): string => fieldOnPage(id)?.value ?? ""

export const tickedEarly = (id: string): boolean => fieldOnPage(id)?.checked ?? false
