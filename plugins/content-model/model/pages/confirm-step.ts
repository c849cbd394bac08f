/** Words the owner's page shares between its confirmed actions. */
import type { z } from "zod"
import { longText, record, text } from "../../fields"

/**
 * A step the owner confirms before an action runs: the question, the two answers, and what it
 * says while and after. One GraphQL type for every action, read with one fragment (ConfirmAction).
 * `question` replaces the plain question where it names what it is about (an address, a number).
 */
export const confirmStep = (what: string, question: z.ZodString = longText(`the question asked before ${what}`)) =>
  record(
    {
      question,
      confirm: text(`the label of the button that goes ahead with ${what}`),
      cancel: text(`the label of the button that does not go ahead with ${what}`),
      working: text(`what the button says while ${what} runs`),
      failed: text(`what the page says when ${what} did not work`),
    },
    `the step that asks before ${what} runs, and what it says after`,
    { typeName: "OwnerConfirmStep" },
  )
