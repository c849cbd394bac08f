import { afterNextPaint } from "../paint"

describe("afterNextPaint", () => {
  it("resolves only after the next frame's callbacks have run", async () => {
    const order: string[] = []
    const painted = afterNextPaint().then(() => order.push("after paint"))
    window.requestAnimationFrame(() => order.push("frame"))
    await painted
    expect(order).toEqual(["frame", "after paint"])
  })
})
