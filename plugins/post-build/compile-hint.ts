/**
 * V8's compile hint: a script that starts with this comment has all its functions compiled on
 * a background thread while it downloads, instead of one by one on the main thread the first
 * time each runs. Worth it for the chunks every page runs in full at start-up (runtime,
 * framework, app); not for chunks loaded later, such as the toast library.
 */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad"

export const hasCompileHint = (script: string): boolean => script.startsWith(COMPILE_HINT)
