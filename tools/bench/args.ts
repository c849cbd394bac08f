import { parseArgs } from "node:util"

/**
 * A bench's command-line options: numbers (`--seconds 5`) and words (`--engines sqlite`), each with
 * its default. A number that is not one stops the run with the option's name.
 */
export function benchArgs<Numbers extends string, Words extends string = never>(
  numbers: Record<Numbers, number>,
  words = {} as Record<Words, string>,
  args = process.argv.slice(2),
): Record<Numbers, number> & Record<Words, string> {
  const names = [...Object.keys(numbers), ...Object.keys(words)]
  const { values } = parseArgs({ args, options: Object.fromEntries(names.map((name) => [name, { type: "string" as const }])) })
  const given = values as Record<string, string | undefined>
  const read: Record<string, number | string> = {}
  for (const [name, fallback] of Object.entries<number>(numbers)) {
    const value = given[name] === undefined ? fallback : Number(given[name])
    if (!Number.isFinite(value)) throw new Error(`--${name} takes a number, not "${given[name]}"`)
    read[name] = value
  }
  for (const [name, fallback] of Object.entries<string>(words)) read[name] = given[name] ?? fallback
  return read as Record<Numbers, number> & Record<Words, string>
}
