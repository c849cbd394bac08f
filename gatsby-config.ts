import type { GatsbyConfig } from "gatsby"
import site from "./content/site.json"

/** `SITE_URL` at build time overrides the address in content/site.json (e.g. for a preview host). */
const siteUrl = (process.env.SITE_URL || site.siteUrl).replace(/\/+$/, "")

const config: GatsbyConfig = {
  siteMetadata: {
    siteUrl,
    title: site.brand,
    description: site.description,
  },
  // One URL form everywhere: static hosts serve /about/ from about/index.html.
  trailingSlash: "always",
  jsxRuntime: "automatic",
  jsxImportSource: "theme-ui",
  graphqlTypegen: { typesOutputPath: "src/gatsby-types.d.ts", generateOnBuild: true },
  plugins: [
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "content", path: `${__dirname}/content`, ignore: ["**/schemas/**"] },
    },
    {
      resolve: "gatsby-transformer-json",
      // site.json -> SiteJson, pages/home.json -> HomeJson, not-found.json -> NotFoundJson
      options: {
        typeName: ({ node }: { node: { name: string } }) =>
          `${node.name.replace(/(^|-)([a-z])/g, (_match: string, _dash: string, letter: string) => letter.toUpperCase())}Json`,
      },
    },
    "gatsby-plugin-image",
    {
      resolve: "gatsby-plugin-sharp",
      options: {
        defaults: { formats: ["auto", "avif", "webp"], placeholder: "dominantColor", quality: 70 },
      },
    },
    "gatsby-transformer-sharp",
    "gatsby-plugin-theme-ui",
  ],
}

export default config
