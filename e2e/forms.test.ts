/** Both forms end to end: Join the Drop into the real store under `gatsby serve`, and Contact through mailto. */
import type { Page } from "@playwright/test"
import { expect, openBeforeJavaScript, signupSection, test, toast } from "./fixtures"
import { LAPTOP_ONLY, NO_BROWSER, PHONE_ONLY } from "./site"

const signupForm = (page: Page) => signupSection(page).locator("form")

const fillSignup = async (page: Page, email: string) => {
  await signupForm(page).getByLabel("Email address").fill(email)
  await signupForm(page).getByRole("checkbox").check()
  await signupForm(page).getByRole("button", { name: "Join the Drop" }).click()
}

test.describe("Join the Drop", () => {
  for (const { name, path, email } of [
    { name: "Home", path: "/", email: "home-fan@example.com" },
    { name: "About", path: "/about/", email: "About-Fan@Example.com" },
  ]) {
    test(`a visitor on ${name} joins the list and lands in the store`, PHONE_ONLY, async ({ page, app, signups }) => {
      await app.open(path)
      await fillSignup(page, email)
      await expect(toast(page, "status", "Welcome to Block 94! 🎉")).toBeVisible()
      // The form gives way to what happens next (its fields go with it), and the focus moves there.
      await expect(signupSection(page).getByRole("heading", { name: /^You're in|^Check your inbox/ })).toBeFocused()
      await expect(signupForm(page)).toHaveCount(0)
      // The list keeps the address as typed; duplicates are matched on a normalised key.
      expect(signups.emails()).toContain(email)
    })
  }

  test("what a visitor types before the page's JavaScript has come stays, and is what joins", LAPTOP_ONLY, async ({ page, app, signups }) => {
    const release = await openBeforeJavaScript(page, "/")
    await signupForm(page).getByLabel("Email address").fill("early-fan@example.com")
    await signupForm(page).getByRole("checkbox").check()
    release()
    await app.hydrated()
    await expect(signupForm(page).getByLabel("Email address")).toHaveValue("early-fan@example.com")
    await signupForm(page).getByRole("button", { name: "Join the Drop" }).click()
    await expect(toast(page, "status", "Welcome to Block 94! 🎉")).toBeVisible()
    expect(signups.emails()).toContain("early-fan@example.com")
  })

  test("a visitor who presses Join before the page's JavaScript has come stays on the page and joins once it has", LAPTOP_ONLY, async ({ page, signups }) => {
    const documents: string[] = []
    page.on("request", (request) => void (request.resourceType() === "document" && documents.push(request.url())))
    const release = await openBeforeJavaScript(page, "/")
    await signupForm(page).getByLabel("Email address").fill("eager-fan@example.com")
    await signupForm(page).getByRole("checkbox").check()
    await signupForm(page).getByRole("button", { name: "Join the Drop" }).click()
    await expect(signupForm(page).getByLabel("Email address")).toHaveValue("eager-fan@example.com")
    release()
    // Sent by the page once ready, without a second press; the browser never sent it itself.
    await expect(toast(page, "status", "Welcome to Block 94! 🎉")).toBeVisible()
    expect(signups.emails()).toContain("eager-fan@example.com")
    expect(documents.filter((url) => url.includes("eager-fan"))).toEqual([])
  })

  test.describe("when the signup does not go through", LAPTOP_ONLY, () => {
    test("shows the failure toast and keeps the typed values when the endpoint is down", async ({ page, app, problems, signups }) => {
      problems.allow(/^error: Failed to load resource: net::ERR_CONNECTION_REFUSED/)
      await page.route("**/api/signup", (route) => route.abort("connectionrefused"))
      await app.open("/")
      await fillSignup(page, "offline-fan@example.com")
      await expect(toast(page, "alert", "Something went wrong")).toContainText("Please try again or email us directly at hello@block94.example")
      await expect(signupForm(page).getByLabel("Email address")).toHaveValue("offline-fan@example.com")
      await expect(signupForm(page).getByRole("checkbox")).toBeChecked()
      expect(signups.emails()).not.toContain("offline-fan@example.com")
    })

    test("treats a server error answer as a failure, not a success", async ({ page, app, problems }) => {
      problems.allow(/^error: Failed to load resource: the server responded with a status of 503/)
      await page.route("**/api/signup", (route) => route.fulfill({ status: 503, body: "{}" }))
      await app.open("/")
      await fillSignup(page, "unlucky-fan@example.com")
      await expect(toast(page, "alert", "Something went wrong")).toBeVisible()
      await expect(signupForm(page).getByLabel("Email address")).toHaveValue("unlucky-fan@example.com")
    })
  })

  test("shows Joining... and blocks a second submit while the request is on its way", LAPTOP_ONLY, async ({ page, app }) => {
    let requests = 0
    // The request is held until the test has tried a second submit: no clock in between.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route("**/api/signup", async (route) => {
      requests += 1
      await held
      // On to the next handler: the site, or the local answer of a build for another API address.
      await route.fallback()
    })
    await app.open("/")
    await fillSignup(page, "patient-fan@example.com")
    await expect(signupForm(page).getByRole("button", { name: "Joining..." })).toBeDisabled()
    await signupForm(page).getByLabel("Email address").press("Enter")
    release()
    await expect(toast(page, "status", "Welcome to Block 94!")).toBeVisible()
    expect(requests).toBe(1)
  })
})

test.describe("the signup endpoint under gatsby serve", NO_BROWSER, () => {
  const signup = (email: string) => JSON.stringify({ email, source: "website_signup", timestamp: new Date().toISOString() })

  test("answers malformed requests with a 4xx and a JSON reason", async ({ request }) => {
    const post = (data: string, contentType = "application/json") => request.post("/api/signup", { headers: { "Content-Type": contentType }, data })
    const cases = [
      { request: post("{not json"), status: 400 },
      { request: post(signup("nope")), status: 400 },
      { request: post("email=a@b.co", "application/x-www-form-urlencoded"), status: 415 },
      { request: post(JSON.stringify({ email: "x".repeat(10000) })), status: 413 },
      { request: request.get("/api/signup"), status: 405 },
    ]
    for (const { request: sent, status } of cases) {
      const response = await sent
      expect(response.status()).toBe(status)
      const body = (await response.json()) as { error: string }
      expect(body.error.length).toBeGreaterThan(5)
    }
  })

  test("stores a repeated email once, whatever its case", async ({ request, signups }) => {
    const post = (email: string) => request.post("/api/signup", { headers: { "Content-Type": "application/json" }, data: signup(email) })
    expect((await post("twice@example.com")).status()).toBe(201)
    expect((await post("TWICE@example.com")).status()).toBe(200)
    expect(signups.emails().filter((email) => email === "twice@example.com")).toHaveLength(1)
  })
})

/** Records mailto: links in `window.openedMailto` instead of handing them to a mail client. */
const recordMailto = (page: Page) =>
  page.addInitScript(() => {
    document.addEventListener(
      "click",
      (event) => {
        const link = (event.target as HTMLElement).closest?.("a")
        if (link?.href.startsWith("mailto:")) {
          event.preventDefault()
          ;(window as unknown as { openedMailto: string }).openedMailto = link.href
        }
      },
      true,
    )
  })

test.describe("contact form", () => {
  test("reads Sending... while it opens the mail client with the message, then thanks the visitor", LAPTOP_ONLY, async ({ page, app }) => {
    await recordMailto(page)
    await app.open("/contact/")
    const form = page.getByRole("form", { name: "Send a message" })
    await form.getByLabel("Name").fill("Zoë & Co")
    await form.getByLabel("Email").fill("zoe@example.com")
    await form.getByLabel("Message").fill("Hi? #drop\nLine two 🎉 東京")
    await form.getByRole("button", { name: "Send Message" }).click()
    await expect(form.getByRole("button", { name: "Sending..." })).toBeDisabled()
    await expect(toast(page, "status", "Message Sent! 📧")).toBeVisible()
    await expect(form.getByRole("button", { name: "Send Message" })).toBeEnabled()
    const mailto = await page.evaluate(() => (window as unknown as { openedMailto: string }).openedMailto)
    const [address, query] = mailto.replace(/^mailto:/, "").split("?")
    const params = new URLSearchParams(query)
    expect(address).toBe("hello@block94.example")
    expect(params.get("subject")).toBe("Contact from Zoë & Co")
    expect(params.get("body")).toContain("Hi? #drop\r\nLine two 🎉 東京")
    expect(params.get("body")).toContain("zoe@example.com")
    await expect(form.getByLabel("Name")).toHaveValue("")
  })

  test("keeps what a visitor typed before the page's JavaScript came, and writes it into the message", LAPTOP_ONLY, async ({ page, app }) => {
    await recordMailto(page)
    const release = await openBeforeJavaScript(page, "/contact/")
    const form = page.getByRole("form", { name: "Send a message" })
    await form.getByLabel("Name").fill("Early Sam")
    await form.getByLabel("Email").fill("early-sam@example.com")
    await form.getByLabel("Message").fill("Typed while the page was loading")
    release()
    await app.hydrated()
    await expect(form.getByLabel("Message")).toHaveValue("Typed while the page was loading")
    await form.getByRole("button", { name: "Send Message" }).click()
    await expect(toast(page, "status", "Message Sent! 📧")).toBeVisible()
    const mailto = await page.evaluate(() => (window as unknown as { openedMailto: string }).openedMailto)
    const params = new URLSearchParams(mailto.split("?")[1])
    expect(params.get("subject")).toBe("Contact from Early Sam")
    expect(params.get("body")).toContain("Typed while the page was loading")
    expect(params.get("body")).toContain("early-sam@example.com")
  })

  test("a message sent before the page's JavaScript has come is written once it has, and never put in an address", LAPTOP_ONLY, async ({ page }) => {
    await recordMailto(page)
    const documents: string[] = []
    page.on("request", (request) => void (request.resourceType() === "document" && documents.push(request.url())))
    const release = await openBeforeJavaScript(page, "/contact/")
    const form = page.getByRole("form", { name: "Send a message" })
    await form.getByLabel("Name").fill("Eager Sam")
    await form.getByLabel("Email").fill("eager-sam@example.com")
    await form.getByLabel("Message").fill("Sent while the page was loading")
    await form.getByRole("button", { name: "Send Message" }).click()
    release()
    await expect(toast(page, "status", "Message Sent! 📧")).toBeVisible()
    const mailto = await page.evaluate(() => (window as unknown as { openedMailto: string }).openedMailto)
    expect(new URLSearchParams(mailto.split("?")[1]).get("body")).toContain("Sent while the page was loading")
    expect(documents.filter((url) => url.includes("loading") || url.includes("eager-sam"))).toEqual([])
  })

  test("asks for every field with the Missing Information toast", PHONE_ONLY, async ({ page, app }) => {
    await app.open("/contact/")
    const form = page.getByRole("form", { name: "Send a message" })
    await form.getByLabel("Name").fill("Sam")
    // Sent from the keyboard: on a phone a tap at the foot of the screen can race the cookie notice arriving there.
    await form.getByLabel("Name").press("Enter")
    await expect(toast(page, "alert", "Missing Information")).toContainText("Please fill in all fields.")
    await expect(form.getByLabel("Email")).toBeFocused()
    await expect(form.getByLabel("Name")).toHaveValue("Sam")
  })
})
