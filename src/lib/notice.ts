/** A toast's content: a bold title and one line of detail. */
import { fillTemplate } from "../signup/template"

export interface Notice {
  title: string
  description: string
}

/** A notice from content with its "{name}" placeholders filled in. */
export const fillNotice = ({ title, description }: Notice, values: Record<string, string>): Notice => ({
  title: fillTemplate(title, values),
  description: fillTemplate(description, values),
})
