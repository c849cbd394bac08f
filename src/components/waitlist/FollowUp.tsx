/** @jsxImportSource theme-ui */
import type { SignupFollowUp } from "../../lib/signup-client"
import { CheckInbox } from "./CheckInbox"
import { PlaceInLine } from "./PlaceInLine"

/** What follows a signup on the page: the place in line, or where the confirmation link went. */
const FollowUp = ({ followUp, email }: { followUp: SignupFollowUp; email: string }) =>
  followUp.kind === "place" ? <PlaceInLine {...followUp.place} /> : <CheckInbox email={email} />

// A default export for React.lazy: the signup section loads this only once a visitor starts signing up.
export default FollowUp
