/** Words the owner's page shares between its confirmed actions. */
import { longText, text } from "../../fields"

/** A step the owner confirms before it runs: the question, the two answers, and what it says while and after. */
export const confirmStep = (what: string) => ({
  question: longText(`the question asked before ${what}`),
  confirm: text(`the label of the button that goes ahead with ${what}`),
  cancel: text(`the label of the button that does not go ahead with ${what}`),
  working: text(`what the button says while ${what} runs`),
  failed: text(`what the page says when ${what} did not work`),
})
