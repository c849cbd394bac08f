/**
 * For component tests that stub `fetch`: the bot check's challenge request (GET /api/challenge)
 * is answered 404, as on a site with the check off, and only the form's own requests reach the
 * test's stub, so its calls are the requests the test is about.
 */
export const withoutBotCheck =
  (stub: typeof fetch): typeof fetch =>
  (input, init) =>
    String(input).endsWith("/api/challenge")
      ? Promise.resolve({ ok: false, status: 404, json: async () => ({ error: "The bot check is off" }) } as Response)
      : stub(input, init)
