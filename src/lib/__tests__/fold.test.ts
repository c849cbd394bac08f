import { whenUnfolded } from "../fold"

/** Whether `promise` has settled once pending callbacks have run. */
const settled = async (promise: Promise<void>): Promise<boolean> => {
  let done = false
  void promise.then(() => (done = true))
  await new Promise((resolve) => setTimeout(resolve, 0))
  return done
}

/** Opens or closes a fold as the browser does: the attribute, then a toggle event. */
const setOpen = (fold: HTMLDetailsElement, open: boolean) => {
  fold.open = open
  fold.dispatchEvent(new Event("toggle"))
}

describe("whenUnfolded", () => {
  afterEach(() => document.body.replaceChildren())

  it("resolves at once for a part in no fold, or in an open one", async () => {
    document.body.innerHTML = `<section id="free"></section><details open><summary>How</summary><section id="inside"></section></details>`
    expect(await settled(whenUnfolded(document.getElementById("free")))).toBe(true)
    expect(await settled(whenUnfolded(document.getElementById("inside")))).toBe(true)
    expect(await settled(whenUnfolded(null))).toBe(true)
  })

  it("waits for a closed fold to open, through every fold around the part", async () => {
    document.body.innerHTML = `<details id="outer"><summary>Outer</summary><details id="inner"><summary>Inner</summary><section id="part"></section></details></details>`
    const outer = document.getElementById("outer") as HTMLDetailsElement
    const inner = document.getElementById("inner") as HTMLDetailsElement
    const unfolded = whenUnfolded(document.getElementById("part"))
    expect(await settled(unfolded)).toBe(false)
    setOpen(inner, true)
    expect(await settled(unfolded)).toBe(false)
    setOpen(outer, true)
    expect(await settled(unfolded)).toBe(true)
  })

  it("waits on when the fold is closed again by the time its toggle event comes", async () => {
    document.body.innerHTML = `<details id="fold"><summary>How</summary><section id="part"></section></details>`
    const fold = document.getElementById("fold") as HTMLDetailsElement
    const unfolded = whenUnfolded(document.getElementById("part"))
    // The browser fires one toggle event, after the task, for an open and a close in one task.
    fold.open = true
    setOpen(fold, false)
    expect(await settled(unfolded)).toBe(false)
    setOpen(fold, true)
    expect(await settled(unfolded)).toBe(true)
  })
})
