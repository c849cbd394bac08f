/** A toast's content: a bold title and one line of detail. */
export interface Notice {
  title: string
  description: string
}
