/** The secret a token page's link carries in its fragment (`#token=...`, `#code=...`), as the page reads it; null without one. */
export const linkSecret = (link: string, name: "token" | "code" = "token"): string | null => new URLSearchParams(new URL(link).hash.slice(1)).get(name)

/** POSTs `body` as JSON, as the site's pages do (a token page sends its secret so). */
export const postJson = (url: string, body: unknown): Promise<Response> =>
  fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
