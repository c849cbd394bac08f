import type { GatsbyNode } from "gatsby"
import { readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { formatContentReport, validateContentDir } from "./src/lib/content-validation"
import { hoistComponentStyles } from "./src/lib/critical-styles"
import { runScriptsAfterFirstPaint } from "./src/lib/first-paint-scripts"
import { contentSecurityPolicy, headersFile, inlineScripts, originOf, scriptHash } from "./src/lib/security-headers"

/** Broken content stops the build before anything else runs, with every problem listed for the editor. */
export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter }) => {
  const messages = validateContentDir(resolve(__dirname, "content"))
  if (messages.length > 0) {
    reporter.error(formatContentReport(messages))
    process.exit(1)
  }
}

/**
 * Every content type is declared, not inferred, so the GraphQL schema (and the generated
 * TypeScript types) stay the same whatever an editor writes.
 */
export const createSchemaCustomization: GatsbyNode["createSchemaCustomization"] = ({ actions }) => {
  actions.createTypes(`
    type SiteJson implements Node @dontInfer {
      brand: String!
      tagline: String!
      description: String!
      siteUrl: String!
      language: String!
      emails: SiteEmails!
      social: [SocialLink!]!
      responseTime: String!
      socialProof: String!
      carousel: CarouselTiming!
    }
    type SiteEmails { general: String!  business: String! }
    type SocialLink { network: String!  url: String! }
    type CarouselTiming { intervalMs: Int!  transitionMs: Int! }

    type SlidesJson implements Node @dontInfer { slides: [Slide!]! }
    type Slide {
      image: File! @fileByRelativePath
      caption: String!
      alt: String!
    }

    type Card { icon: String!  title: String!  description: String! }
    type CategoriesJson implements Node @dontInfer { categories: [Card!]! }
    type ValuesJson implements Node @dontInfer { values: [Card!]! }
    type ReassurancesJson implements Node @dontInfer { reassurances: [Card!]! }

    type PageSeo { title: String!  description: String! }
    type SignupCopy { heading: String!  text: String!  socialProof: String! }

    type HomeJson implements Node @dontInfer {
      seo: PageSeo!
      hero: HomeHero!
      carousel: HomeCarousel!
      explore: HomeExplore!
      why: HomeWhy!
      signup: SignupCopy!
    }
    type HomeHero { eyebrow: String!  headline: String!  subtext: String!  primaryButton: String!  secondaryButton: String! }
    type HomeCarousel { heading: String!  label: String! }
    type HomeExplore { heading: String!  intro: String!  badge: String! }
    type HomeWhy { heading: String!  text: String!  linkLabel: String! }

    type AboutJson implements Node @dontInfer {
      seo: PageSeo!
      intro: AboutIntro!
      values: AboutValues!
      story: AboutStory!
      signup: SignupCopy!
    }
    type AboutIntro { heading: String!  paragraphs: [String!]! }
    type AboutValues { heading: String! }
    type AboutStory { heading: String!  paragraphs: [String!]!  buttonLabel: String! }

    type ContactJson implements Node @dontInfer {
      seo: PageSeo!
      intro: ContactIntro!
      details: ContactDetails!
      form: ContactFormCopy!
    }
    type ContactIntro { heading: String!  text: String! }
    type ContactDetails { heading: String!  generalLabel: String!  businessLabel: String!  responseLabel: String!  responseText: String! }
    type ContactFormCopy { heading: String!  text: String!  fallbackText: String! }

    type PrivacyJson implements Node @dontInfer {
      seo: PageSeo!
      heading: String!
      updated: Date! @dateformat
      intro: String!
      sections: [PrivacySection!]!
    }
    type PrivacySection { heading: String!  paragraphs: [String!]! }

    type NotFoundJson implements Node @dontInfer {
      seo: PageSeo!
      heading: String!
      text: String!
      homeButton: String!
      contactButton: String!
    }
  `)
}

/** After Terser (400), before the source maps are written (500): maps and hashes stay right. */
const AFTER_MINIFYING = 499

/**
 * Every browser script starts with V8's compile hint: Chrome then compiles all of its functions
 * on a background thread while the file downloads, instead of one by one on the main thread the
 * first time each runs (during start-up and hydration, where they all run). Other browsers
 * ignore the comment.
 */
export const onCreateWebpackConfig: GatsbyNode["onCreateWebpackConfig"] = ({ stage, actions, plugins }) => {
  if (stage !== "build-javascript") return
  actions.setWebpackConfig({
    plugins: [plugins.banner({ banner: "//# allFunctionsCalledOnLoad", raw: true, test: /\.js$/, stage: AFTER_MINIFYING })],
  })
}

const htmlFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return htmlFiles(path)
    return entry.name.endsWith(".html") ? [path] : []
  })

/**
 * Final touches to every built page: component styles in one head tag (critical-styles.ts),
 * JavaScript started after the first paint (first-paint-scripts.ts).
 */
const finishPages = (publicDir: string) => {
  for (const file of htmlFiles(publicDir)) {
    if (file.startsWith(join(publicDir, "_gatsby"))) continue
    writeFileSync(file, runScriptsAfterFirstPaint(hoistComponentStyles(readFileSync(file, "utf8"))))
  }
}

/** `_headers` for static hosts, with a CSP that allows exactly the inline scripts the build wrote. */
const writeHeadersFile = (publicDir: string) => {
  const hashes = htmlFiles(publicDir).flatMap((file) => inlineScripts(readFileSync(file, "utf8")).map(scriptHash))
  const signupOrigin = originOf(process.env.GATSBY_SIGNUP_ENDPOINT ?? "")
  const csp = contentSecurityPolicy(hashes, signupOrigin ? [signupOrigin] : [])
  writeFileSync(join(publicDir, "_headers"), headersFile(csp))
}

/**
 * After the build: pages get their final touches (styles in the head, scripts after the first
 * paint), `_headers` for static hosts (hashing the final inline scripts), and robots.txt naming
 * the sitemap at the address the site is built for (SITE_URL or site.json).
 */
export const onPostBuild: GatsbyNode["onPostBuild"] = async ({ graphql }) => {
  const result = await graphql<Queries.RobotsSiteUrlQuery>(`
    query RobotsSiteUrl {
      site {
        siteMetadata {
          siteUrl
        }
      }
    }
  `)
  const siteUrl = result.data?.site?.siteMetadata?.siteUrl ?? ""
  finishPages(resolve(__dirname, "public"))
  writeHeadersFile(resolve(__dirname, "public"))
  writeFileSync(resolve(__dirname, "public/robots.txt"), `User-agent: *\nAllow: /\n\nSitemap: ${siteUrl}/sitemap-index.xml\n`)
}
