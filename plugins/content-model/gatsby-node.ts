import type { GatsbyNode } from "gatsby"
import { resolve } from "node:path"
import { formatContentReport, validateContentDir } from "./validation"

/** Broken content stops the build before anything else runs, with every problem listed for the editor. */
export const onPreInit: GatsbyNode["onPreInit"] = ({ reporter, store }) => {
  const messages = validateContentDir(resolve(store.getState().program.directory, "content"))
  if (messages.length > 0) reporter.panic(formatContentReport(messages))
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

    type Notice { title: String!  description: String! }
    type UiJson implements Node @dontInfer {
      skipLink: String!
      navigation: UiNavigation!
      joinButton: String!
      logoLabel: String!
      footer: UiFooter!
      cookieNotice: UiCookieNotice!
      reassurancesLabel: String!
      carousel: UiCarousel!
      signupForm: UiSignupForm!
      contactForm: UiContactForm!
      errorPage: UiErrorPage!
      waitlist: UiWaitlist!
      privacyUpdated: String!
    }
    type UiNavigation { label: String!  menuButton: String!  home: String!  about: String!  contact: String!  privacy: String! }
    type UiFooter { label: String!  quickLinks: String!  follow: String!  socialLink: String!  earlyAccess: String!  copyright: String! }
    type UiCookieNotice { label: String!  heading: String!  text: String!  privacyLink: String!  accept: String!  dismiss: String!  close: String! }
    type UiCarousel { carouselRole: String!  slideRole: String!  previous: String!  next: String!  pause: String!  play: String!  chooseSlide: String!  slideButton: String!  slidePosition: String! }
    type UiSignupForm {
      label: String!  emailLabel: String!  emailPlaceholder: String!  consent: String!  privacyLink: String!  submit: String!  submitting: String!
      missing: Notice!  invalidEmail: Notice!  success: Notice!  failure: Notice!
    }
    type UiContactForm {
      label: String!  nameLabel: String!  emailLabel: String!  messageLabel: String!  submit: String!  submitting: String!
      missing: Notice!  invalidEmail: Notice!  success: Notice!  failure: Notice!
    }
    type UiErrorPage { heading: String!  homeLink: String! }
    type UiWaitlist {
      position: String!  shareIntro: String!  referralLink: String!  copy: String!  copied: String!  share: String!
      shareOnX: String!  shareOnWhatsApp: String!  shareByEmail: String!  shareMessage: String!  shareSubject: String!
      statusLink: String!  statusHint: String!  referrals: String!  pendingHeading: String!  pending: String!
    }
    type WaitlistJson implements Node @dontInfer {
      seo: PageSeo!  heading: String!  loading: String!  pending: String!
      noToken: String!  notFound: String!  failed: String!  retry: String!  joinLink: String!
    }
    type ConfirmJson implements Node @dontInfer {
      seo: PageSeo!  heading: String!  confirming: String!  confirmed: String!  expired: String!
      noToken: String!  notFound: String!  failed: String!  retry: String!  joinLink: String!
    }

    type Email { subject: String!  heading: String!  text: String!  button: String!  ignore: String! }
    type EmailsJson implements Node @dontInfer { confirmation: Email!  statusLink: Email!  footer: String! }

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
