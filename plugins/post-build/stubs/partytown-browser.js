// Stands in for Gatsby's Partytown plugin in the production browser build: its browser API
// (onInitialClientRender) does its work only in `gatsby develop`. See ../browser-bundle.ts.
module.exports = {}
