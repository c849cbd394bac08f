/**
 * Which drop the site names, apart from the clock's helpers (drop-stage.ts): every page's layout
 * picks the announced drop, and only this much of the drop code belongs in its opening JavaScript.
 */

/** Drops by their window, the newest (latest opening) first. */
export const newestFirst = <Drop extends { opensAt: string }>(drops: readonly Drop[]): Drop[] =>
  [...drops].sort((a, b) => Date.parse(b.opensAt) - Date.parse(a.opensAt))

/** The drop the header, menu and footer name: the newest of those announced (drops.json, announcement), or null. */
export const announcedDrop = <Drop extends { opensAt: string; announcement: { show: boolean } }>(drops: readonly Drop[]): Drop | null =>
  newestFirst(drops.filter((drop) => drop.announcement.show))[0] ?? null
