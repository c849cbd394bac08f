/**
 * The rule behind partial hydration: a section in <StaticMarkup> keeps its server HTML and never
 * runs, so it must hold nothing with behaviour. A site link there would silently become a full
 * page load, a button would do nothing. Anything interactive goes in <HydrateLater>.
 */
import { render } from "@testing-library/react"
import type { ReactNode } from "react"
import {
  aboutData,
  confirmData,
  contactData,
  dropData,
  homeData,
  inviteData,
  notFoundData,
  pageProps,
  privacyData,
  unsubscribeData,
  waitlistData,
} from "../../../test/page-fixtures"
import NotFoundPage from "../404"
import AboutPage from "../about"
import ConfirmPage from "../confirm"
import ContactPage from "../contact"
import DropPage from "../drop"
import HomePage from "../index"
import InvitePage from "../invite"
import PrivacyPage from "../privacy"
import UnsubscribePage from "../unsubscribe"
import WaitlistPage from "../waitlist"

// Marks each static region so the test can look inside it; children render as on a client-side navigation.
jest.mock("../../components/shared/Hydration", () => ({
  ...jest.requireActual("../../components/shared/Hydration"),
  StaticMarkup: ({ children }: { children: ReactNode }) => <div data-static-markup="">{children}</div>,
  HydrateLater: ({ children }: { children: ReactNode }) => <div>{children}</div>,
}))

const PAGES = [
  ["Home", () => <HomePage {...pageProps(homeData(), "/")} />],
  ["About", () => <AboutPage {...pageProps(aboutData(), "/about/")} />],
  ["Contact", () => <ContactPage {...pageProps(contactData(), "/contact/")} />],
  ["Privacy", () => <PrivacyPage {...pageProps(privacyData(), "/privacy/")} />],
  ["404", () => <NotFoundPage {...pageProps(notFoundData(), "/no-such-page/")} />],
  ["Waitlist", () => <WaitlistPage {...pageProps(waitlistData(), "/waitlist/")} />],
  ["Confirm", () => <ConfirmPage {...pageProps(confirmData(), "/confirm/")} />],
  ["Unsubscribe", () => <UnsubscribePage {...pageProps(unsubscribeData(), "/unsubscribe/")} />],
  ["Invite", () => <InvitePage {...pageProps(inviteData(), "/invite/")} />],
  ["Drop", () => <DropPage {...pageProps(dropData(), "/drop/")} />],
] as const

const INTERACTIVE = "button, input, select, textarea, form, [tabindex], a[href^='/']"

/** React's props on a DOM element, where its event handlers live. */
const reactProps = (element: Element): Record<string, unknown> => {
  const key = Object.keys(element).find((name) => name.startsWith("__reactProps$"))
  return key ? ((element as unknown as Record<string, Record<string, unknown>>)[key] ?? {}) : {}
}

const describeElement = (element: Element) => `<${element.tagName.toLowerCase()}> "${element.textContent?.trim().slice(0, 40)}"`

/** Everything in the page's static regions that would need JavaScript to work. */
const behaviourInStaticMarkup = (page: () => JSX.Element): string[] => {
  const { container } = render(page())
  return [...container.querySelectorAll("[data-static-markup]")].flatMap((region) =>
    [...region.querySelectorAll("*")].flatMap((element) => {
      const handlers = Object.keys(reactProps(element)).filter((prop) => /^on[A-Z]/.test(prop) && typeof reactProps(element)[prop] === "function")
      if (element.matches(INTERACTIVE)) return [`${describeElement(element)} is interactive`]
      return handlers.length > 0 ? [`${describeElement(element)} has ${handlers.join(", ")}`] : []
    }),
  )
}

describe("static sections", () => {
  // The 404 page logs the path it could not find; that is not this test's concern.
  beforeEach(() => jest.spyOn(console, "warn").mockImplementation(() => undefined))
  // What a page reads from the server once it runs (the drop page's draw) stays on its way.
  beforeEach(() => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch
  })
  afterEach(() => jest.restoreAllMocks())

  it.each(PAGES)("on %s hold no links, controls or event handlers", (_name, page) => {
    expect(behaviourInStaticMarkup(page)).toEqual([])
  })

  it("would catch a site link in a static section", () => {
    const BrokenPage = () => (
      <div data-static-markup="">
        <p>
          Read <a href="/about/">our story</a>
        </p>
        <p onClick={() => undefined}>Tap me</p>
      </div>
    )
    expect(behaviourInStaticMarkup(() => <BrokenPage />)).toEqual(['<a> "our story" is interactive', '<p> "Tap me" has onClick'])
  })

  it("finds the static sections it checks", () => {
    const { container } = render(<HomePage {...pageProps(homeData(), "/")} />)
    expect(container.querySelectorAll("[data-static-markup]").length).toBeGreaterThan(0)
  })
})
