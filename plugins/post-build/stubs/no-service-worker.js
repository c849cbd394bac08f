// Stands in for Gatsby's service worker registration when no plugin registers a service
// worker: Gatsby requires it only after such a plugin asks. See ../browser-bundle.ts.
