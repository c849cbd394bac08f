import { formulaCells, parseCsv } from "../spreadsheet"

describe("parseCsv", () => {
  it("reads quoted cells with separators, quotes and line breaks inside", () => {
    expect(parseCsv('email,campaign\r\n"a@example.com","x, ""y""\r\nz"\r\n', ",")).toEqual([
      ["email", "campaign"],
      ["a@example.com", 'x, "y"\r\nz'],
    ])
  })

  it("splits a file quoted for commas where semicolons separate, as German Excel does", () => {
    expect(parseCsv('"a","x;=cmd|\' /C calc\'!A0"\r\n', ";")).toEqual([['a,"x', "=cmd|' /C calc'!A0\""]])
  })
})

describe("formulaCells", () => {
  it("finds the cells a spreadsheet would run, and no others", () => {
    const rows = parseCsv('"a","x;=cmd|\' /C calc\'!A0"\r\n@SUM(1),plain\r\n', ";")
    expect(formulaCells(rows).map(({ value }) => value)).toEqual(["=cmd|' /C calc'!A0\"", "@SUM(1),plain"])
    expect(formulaCells(parseCsv('"\'=1+1","x;\'=2"\r\n', ","))).toEqual([])
    expect(formulaCells(parseCsv('"\'=1+1","x;\'=2"\r\n', ";"))).toEqual([])
  })
})
