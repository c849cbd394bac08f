/** content/values.json: the three value cards on About. */
import { contentFile, exactlyThree } from "../fields"
import { card } from "./shared"

export const values = contentFile({ values: exactlyThree(card("value card"), "value cards") }, "the value cards")
