import { createLineLog } from "../request-log"

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

describe("the request log", () => {
  it("writes the lines of one turn of the event loop together, in order, each on its own line", async () => {
    const writes: string[] = []
    const log = createLineLog((text) => writes.push(text))
    log.line('{"path":"/a"}')
    log.line('{"path":"/b"}')
    expect(writes).toEqual([])
    await nextTurn()
    expect(writes).toEqual(['{"path":"/a"}\n{"path":"/b"}\n'])
    log.line('{"path":"/c"}')
    await nextTurn()
    expect(writes).toEqual(['{"path":"/a"}\n{"path":"/b"}\n', '{"path":"/c"}\n'])
  })

  it("writes what is queued at once when flushed, and nothing twice", async () => {
    const writes: string[] = []
    const log = createLineLog((text) => writes.push(text))
    log.line("last")
    log.flush()
    expect(writes).toEqual(["last\n"])
    await nextTurn()
    log.flush()
    expect(writes).toEqual(["last\n"])
  })
})
