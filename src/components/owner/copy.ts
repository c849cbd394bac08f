/** The owner's page's copy, as its page query hands it over (content/pages/owner.json). */
export type OwnerCopy = Omit<NonNullable<Queries.OwnerPageQuery["page"]>, "seo">
