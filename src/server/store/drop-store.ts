/**
 * Drops' part of the signup store (its contract: contract/drops.ts): entries (one per person per drop, by its pseudonymous entry
 * code), the owner's commitment (the seed's hash, never the seed, until the draw reveals it; the
 * beacon round; the window), the frozen entry list the published hash covers, written once as a
 * compressed file, the draw's ranking, and the single-use codes of winners and of the reserve
 * reached after them. Entering is in drop-entry-store.ts; freezing, the draw and its codes in
 * drop-draw-store.ts.
 *
 * The frozen list (`drop_list`) names no one: it is what anyone may download and check, so it is
 * kept apart from people and outlives leaving. `drop_entries` ties an entry code to its person
 * and goes with them (on delete cascade), so after someone leaves their line in the list is
 * anonymous. Entrants per size are kept in step in `drop_tallies`, so the public record never
 * counts a million rows.
 */
import { dropDrawStore } from "./drop-draw-store"
import { dropEntryStore } from "./drop-entry-store"
import type { StoreContext } from "./store-context"
import type { DropStore } from "./contract/drops"

export { forgetEntriesOf } from "./drop-entry-store"

export const dropStore = (context: StoreContext): DropStore => ({ ...dropEntryStore(context), ...dropDrawStore(context) })
