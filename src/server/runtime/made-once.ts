/** The runtime's caches: a value made once per process for its key. */

/**
 * What `make` builds from `spec`, made once per process for equal specs (compared as JSON): a
 * factory that sees nothing but its spec cannot depend on a setting its cache key leaves out.
 */
export const madeOnce = <Spec, Value>(cache: Map<string, Value>, spec: Spec, make: (spec: Spec) => Value): Value =>
  once(cache, JSON.stringify(spec), () => make(spec))

export const once = <Value>(map: Map<string, Value>, key: string, make: () => Value): Value => {
  let value = map.get(key)
  if (value === undefined) {
    value = make()
    map.set(key, value)
  }
  return value
}

/**
 * What lives as long as the process, made once: Gatsby's develop and serve servers re-require a
 * Function's bundle on every request, which resets module state, so it is kept on globalThis.
 */
export const processShared = <Value extends object>(name: string, make: () => Value): Value => {
  const holder = globalThis as typeof globalThis & Record<symbol, Value | undefined>
  return (holder[Symbol.for(`block94.${name}`)] ??= make())
}
