/**
 * The privacy page's promises, for the tests that check each one against what the service does:
 * quoted from content/pages/privacy.json, so a reworded promise fails its test first.
 */
import privacy from "../content/pages/privacy.json"

/** Every paragraph of the privacy page. */
export const paragraphs = privacy.sections.flatMap((section) => section.paragraphs)

/** The paragraph of the privacy page that makes a promise; throws when the page no longer says `words`. */
export const promise = (words: string): string => {
  const found = paragraphs.find((paragraph) => paragraph.includes(words))
  if (!found) throw new Error(`the privacy page no longer says "${words}": change this test with it`)
  return found
}
