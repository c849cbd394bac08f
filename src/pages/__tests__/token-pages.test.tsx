import { render, screen } from "@testing-library/react"
import type { HeadProps, PageProps } from "gatsby"
import type { ComponentType } from "react"
import confirm from "../../../content/pages/confirm.json"
import invite from "../../../content/pages/invite.json"
import unsubscribe from "../../../content/pages/unsubscribe.json"
import waitlist from "../../../content/pages/waitlist.json"
import { titleText } from "../../../test/head-helpers"
import { theOneH1 } from "../../../test/page-checks"
import { confirmData, headProps, inviteData, pageProps, unsubscribeData, waitlistData } from "../../../test/page-fixtures"
import ConfirmPage, { Head as ConfirmHead } from "../confirm"
import InvitePage, { Head as InviteHead } from "../invite"
import UnsubscribePage, { Head as UnsubscribeHead } from "../unsubscribe"
import WaitlistPage, { Head as WaitlistHead } from "../waitlist"

// The Node build of the server renderer: the browser build jsdom would load needs TextEncoder.
const { renderToString } = jest.requireActual<typeof import("react-dom/server")>("react-dom/server.node")

/** One of the pages a link token opens, rendered at `path` with its query result. */
const tokenPage = <T extends object>(
  name: string,
  path: string,
  content: { heading: string; noToken: string; seo: { title: string } },
  Page: ComponentType<PageProps<T>>,
  Head: ComponentType<HeadProps<T>>,
  data: () => T,
) => ({
  name,
  path,
  content,
  page: () => <Page {...pageProps(data(), path)} />,
  head: () => <Head {...headProps(data(), path)} />,
})

const PAGES = [
  tokenPage("status", "/waitlist/", waitlist, WaitlistPage, WaitlistHead, waitlistData),
  tokenPage("confirmation", "/confirm/", confirm, ConfirmPage, ConfirmHead, confirmData),
  tokenPage("invitation", "/invite/", { ...invite, noToken: invite.noCode }, InvitePage, InviteHead, inviteData),
  tokenPage("unsubscribe", "/unsubscribe/", unsubscribe, UnsubscribePage, UnsubscribeHead, unsubscribeData),
]

describe.each(PAGES)("the $name page", ({ content, page, head }) => {
  it("has its heading as the one h1, and explains itself without a link token", async () => {
    render(page())
    expect(theOneH1()).toHaveTextContent(content.heading)
    expect(await screen.findByText(content.noToken)).toBeVisible()
  })

  it("stays out of search results: noindex, no canonical link", () => {
    const { container } = render(head())
    expect(titleText(container)).toBe(`${content.seo.title} | Block 94`)
    expect(container.querySelector('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow")
    expect(container.querySelector('link[rel="canonical"]')).toBeNull()
  })
})

// The first paint is the server's HTML: what these pages say there is what a visitor sees before the link is looked up.
describe.each([
  { name: "status", intro: waitlist.intro, page: () => <WaitlistPage {...pageProps(waitlistData(), "/waitlist/")} /> },
  { name: "confirmation", intro: confirm.intro, page: () => <ConfirmPage {...pageProps(confirmData(), "/confirm/")} /> },
  { name: "invitation", intro: invite.intro, page: () => <InvitePage {...pageProps(inviteData(), "/invite/")} /> },
])("the $name page's first paint", ({ intro, page }) => {
  it("has its intro under the heading in the server's HTML, outside the region the answer fills in", () => {
    const container = document.createElement("div")
    container.innerHTML = renderToString(page())
    const introParagraph = [...container.querySelectorAll("p")].find((p) => p.textContent === intro)
    expect(introParagraph).toBeDefined()
    expect(introParagraph!.closest("[aria-live]")).toBeNull()
  })
})
