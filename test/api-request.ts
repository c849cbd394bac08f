import type { ApiRequest } from "../src/server/http/kit"

/** A JSON POST to a handler from one client, as any host hands it over; `overrides` change any part of it. */
export function apiRequest(overrides: Partial<ApiRequest> & { body?: string } = {}): ApiRequest {
  const { body = "", ...rest } = overrides
  return {
    method: "POST",
    headers: { "content-type": "application/json" },
    query: new URLSearchParams(),
    clientKey: "203.0.113.7",
    readBody: async () => ({ kind: "bytes", bytes: Buffer.from(body, "utf8") }),
    ...rest,
  }
}
