// Started by pages that write dates or numbers as they load (gatsby-ssr.tsx). A page's first
// date or number formatter costs tens of milliseconds, most of it the browser setting up its
// languages once for the whole tab; done here, on a thread of its own, the page's own
// formatters then take a few milliseconds and its thread stays free for the visitor. Scripts are
// served as never changing (public/_headers): give the file a new name if its work changes.
new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "long", timeZone: "UTC" }).format(0)
new Intl.DateTimeFormat().resolvedOptions()
new Intl.NumberFormat().format(0)
close()
