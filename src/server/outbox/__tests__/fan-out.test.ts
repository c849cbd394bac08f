// What a list event becomes: a webhook per endpoint, and for the email tool an upsert of the
// person (tagged with the drop for drop events) or their removal.
import { SAMPLE_CONTACT } from "../../../../test/provider-api"
import { fanOutTo } from "../fan-out"

const targets = { webhookUrls: ["https://hooks.example/a"], emailProvider: true }
const contact = { ...SAMPLE_CONTACT, drop: null }
const event = (type: string, data: Record<string, unknown>) =>
  ({ type, timestamp: "2026-12-07T17:00:00.000Z", data, messageId: "evt_1" }) as Parameters<ReturnType<typeof fanOutTo>>[0]

describe("fanning an event out", () => {
  it.each([
    ["drop.entered", "drop-01 entered"],
    ["drop.won", "drop-01 won"],
  ])("tags the contact the email tool gets after %s with the drop", (type, tag) => {
    const messages = fanOutTo(targets)(event(type, { id: "sig_1", drop: "drop-01", size: "cap/One size" }), contact)
    expect(messages.map((message) => message.kind)).toEqual(["webhook", "provider"])
    expect(JSON.parse(messages[0].payload.body)).toEqual({
      type,
      timestamp: "2026-12-07T17:00:00.000Z",
      data: { id: "sig_1", drop: "drop-01", size: "cap/One size" },
    })
    expect(JSON.parse(messages[1].payload.contact)).toEqual({ ...contact, drop: tag })
  })

  it("leaves the tag alone for other events, and sends no contact to a webhook", () => {
    const messages = fanOutTo(targets)(event("signup.confirmed", { id: "sig_1" }), contact)
    expect(JSON.parse(messages[1].payload.contact)).toEqual(contact)
    expect(messages[0].payload.body).not.toContain("Ada")
  })

  it("sends nothing to the email tool for a drop event without a confirmed person", () => {
    expect(fanOutTo(targets)(event("drop.won", { id: "sig_1", drop: "drop-01" }), null).map((message) => message.kind)).toEqual(["webhook"])
  })
})
