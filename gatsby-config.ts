import type { GatsbyConfig } from "gatsby"
import site from "./content/site.json"
import theme from "./src/theme"
import { contentFileAt, nodeTypeName } from "./plugins/content-model/model"
import { withoutTrailingSlash } from "./src/signup/site-url"

/** `SITE_URL` at build time overrides the address in content/site.json (e.g. for a preview host). */
const siteUrl = withoutTrailingSlash(process.env.SITE_URL || site.siteUrl)

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
    // Local plugins (plugins/): the content model, checked before anything else runs, and the
    // final touches to the built pages.
    "content-model",
    "post-build",
    {
      resolve: "gatsby-source-filesystem",
      options: { name: "content", path: `${__dirname}/content`, ignore: ["**/schemas/**"] },
    },
    {
      resolve: "gatsby-transformer-json",
      // Each content file's node type comes from the content model (pages/not-found.json -> NotFoundJson).
      options: {
        typeName: ({ node }: { node: { relativePath: string } }) => {
          const entry = contentFileAt(node.relativePath)
          if (!entry) throw new Error(`content/${node.relativePath} is not declared in the content model (plugins/content-model/model/)`)
          return nodeTypeName(entry.schema)
        },
      },
    },
    // Preact in place of React in the browser: the same components, about 30 KB less JavaScript.
    "gatsby-plugin-preact",
    {
      resolve: "gatsby-plugin-sharp",
      options: {
        defaults: { formats: ["auto", "avif", "webp"], placeholder: "dominantColor", quality: 70 },
      },
    },
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-plugin-sitemap",
      // Pages opened from email links are private to their token and marked noindex; so is the owner's page, and the
      // friend page, which speaks to someone who followed a friend's link (Home is the page for search).
      options: { excludes: ["/404/", "/404.html", "/dev-404-page/", "/waitlist/", "/confirm/", "/unsubscribe/", "/invite/", "/owner/", "/friend/"] },
    },
    {
      resolve: "gatsby-plugin-manifest",
      options: {
        name: site.brand,
        short_name: site.brand,
        description: site.description,
        lang: site.language,
        start_url: "/",
        display: "standalone",
        background_color: String(theme.colors?.background),
        theme_color: String(theme.colors?.background),
        icon: "content/images/icon.png",
        // Icons are listed in the manifest; no cache-busting query strings on static hosts.
        cache_busting_mode: "none",
        include_favicon: true,
      },
    },
  ],
}

export default config
