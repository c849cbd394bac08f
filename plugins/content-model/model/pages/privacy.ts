/** content/pages/privacy.json: the Privacy page. */
import { z } from "zod"
import { calendarDate, contentFile, longText, paragraphs, record, text } from "../../fields"
import { seo } from "../shared"

export const privacy = contentFile(
  {
    seo,
    heading: text("the page heading"),
    updated: calendarDate("when the notice last changed", "2026-11-22"),
    intro: longText("the opening paragraph"),
    sections: z
      .array(
        record({ heading: text("every section needs a heading"), paragraphs: paragraphs("the section text") }, "a section", {
          typeName: "PrivacySection",
        }),
        {
          error: (issue) => (issue.input === undefined ? "is missing - list the sections of the notice" : "must be a list [ ... ] of sections"),
        },
      )
      .min(1, "is an empty list - the notice needs at least one section")
      .describe("the sections of the notice"),
  },
  "the Privacy page",
)
