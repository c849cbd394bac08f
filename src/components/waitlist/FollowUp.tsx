/** @jsxImportSource theme-ui */
import type { SignupFollowUp } from "../../lib/signup-client"
import { CheckInbox } from "./CheckInbox"
import { PlaceInLine } from "./PlaceInLine"

/** What takes the signup form's place after a signup: the place in line, or where the confirmation link went; focus moves to its heading. */
const FollowUp = ({ followUp, email }: { followUp: SignupFollowUp; email: string }) =>
  followUp.kind === "place" ? <PlaceInLine {...followUp.place} takeFocus /> : <CheckInbox email={email} takeFocus />

// A default export for React.lazy: the signup section loads this only once a visitor starts signing up.
export default FollowUp
