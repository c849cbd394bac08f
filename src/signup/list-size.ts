/**
 * When the list's real size may be told: only once it reaches the size the site starts to show
 * (`showListSizeFrom` in content/site.json). Below it, the site makes its social-proof claim
 * ("Join 5,000+ people"), and no answer or page may belie it with the exact count.
 */

/** Whether the list is big enough for its real size to be told and shown. */
export const showsListSize = (total: number, showFrom: number): boolean => total >= showFrom

/** The size an answer may carry: the total once it may be shown, else nothing. */
export const toldListSize = (total: number, showFrom: number): { total?: number } => (showsListSize(total, showFrom) ? { total } : {})
