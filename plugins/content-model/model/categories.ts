/** content/categories.json: the three category cards on Home. */
import { contentFile, exactlyThree } from "../fields"
import { card } from "./shared"

export const categories = contentFile({ categories: exactlyThree(card("category card"), "category cards") }, "the category cards")
