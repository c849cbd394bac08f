/** Fills "{name}" placeholders in content text; unknown names stay as written. */
export const fillTemplate = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (placeholder, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : placeholder))
