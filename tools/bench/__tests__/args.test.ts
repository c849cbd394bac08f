import { benchArgs } from "../args"

describe("a bench's command-line options", () => {
  const defaults = { seconds: 10, signups: 1_000_000 }

  it("takes the defaults where nothing is given, and what is given where it is", () => {
    expect(benchArgs(defaults, { engines: "sqlite,postgres" }, [])).toEqual({ seconds: 10, signups: 1_000_000, engines: "sqlite,postgres" })
    expect(benchArgs(defaults, { engines: "sqlite,postgres" }, ["--seconds", "2", "--engines", "sqlite"])).toEqual({
      seconds: 2,
      signups: 1_000_000,
      engines: "sqlite",
    })
  })

  it("stops on a number that is not one, naming the option", () => {
    expect(() => benchArgs(defaults, {}, ["--signups", "lots"])).toThrow('--signups takes a number, not "lots"')
  })

  it("stops on an option it does not know", () => {
    expect(() => benchArgs(defaults, {}, ["--minutes", "2"])).toThrow(/--minutes/)
  })
})
