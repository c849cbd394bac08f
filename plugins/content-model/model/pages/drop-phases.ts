/** The names of a drop's stages: the drop page and the owner's page say them alike, as one type with one fragment. */
import { record, text } from "../../fields"

export const dropPhaseNames = (what: string) =>
  record(
    {
      scheduled: text("the name of the stage before entries open"),
      open: text("the name of the stage while entries are open"),
      closed: text("the name of the stage after entries close, before the draw"),
      drawn: text("the name of the stage after the draw"),
    },
    what,
    { typeName: "DropPhaseNames" },
  )
