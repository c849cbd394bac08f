/** content/reassurances.json: the three reassurance points under the Home hero. */
import { contentFile, exactlyThree } from "../fields"
import { card } from "./shared"

export const reassurances = contentFile({ reassurances: exactlyThree(card("reassurance point"), "reassurance points") }, "the reassurance points")
