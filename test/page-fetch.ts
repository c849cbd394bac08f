/**
 * For the token pages' component tests: `fetch` stubbed per test with a jest mock, answers made
 * from a status and a body, and the page's address set to carry a fragment (`#token=...`).
 */
export const TOKEN = "QmxvY2s5NC1zdGF0dXMtdG9rZW4tZm9yLXRlc3RzLi4u"

export function answer(status: number, body: unknown): Response {
  return { ok: status >= 200 && status < 300, status, json: async () => body } as Response
}

export function openWith(search: string): void {
  window.history.replaceState(null, "", `/page/${search}`)
}

/** Stands a jest mock in for `fetch` in every test of the file (reset before each, the real one put back after). */
export function stubFetch(): jest.MockedFunction<typeof fetch> {
  const originalFetch = global.fetch
  const fetchMock = jest.fn() as jest.MockedFunction<typeof fetch>
  beforeEach(() => {
    fetchMock.mockReset()
    global.fetch = fetchMock
  })
  afterEach(() => {
    global.fetch = originalFetch
    openWith("")
  })
  return fetchMock
}

/** What the status lookup answers someone confirmed: their place (with the list's size when shown) and friends brought. */
export const confirmedStatus = (place: { position: number; total?: number; referrals?: number }) => ({
  status: "confirmed",
  ...place,
  referralCode: "ABCD1234EF",
  referralUrl: "https://block94.example/?ref=ABCD1234EF",
})
