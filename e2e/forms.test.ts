import { readFileSync } from "node:fs"
import type { Page } from "playwright-core"
import { LAPTOP, PHONE } from "../tools/chromium"
import { useBrowser } from "./support/browser-suite"
import { openPage, waitForApp } from "./support/page-helpers"
import { servedSite } from "./support/state"

const browser = useBrowser()
const { baseUrl, signupsFile } = servedSite()

const storedEmails = (): string[] => {
  try {
    return readFileSync(signupsFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { email: string }).email)
  } catch {
    return []
  }
}

const signupForm = (page: Page) => page.locator("#join-the-drop form")

const fillSignup = async (page: Page, email: string) => {
  await signupForm(page).getByLabel("Email address").fill(email)
  await signupForm(page).getByRole("checkbox").check()
  await signupForm(page).getByRole("button", { name: "Join the Drop" }).click()
}

describe("Join the Drop", () => {
  it.each([
    ["Home", "/", "home-fan@example.com"],
    ["About", "/about/", "About-Fan@Example.com"],
  ])("a visitor on %s joins the list and lands in the store", async (_name, path, email) => {
    const { page, context } = await openPage(browser(), { viewport: PHONE })
    await page.goto(baseUrl + path)
    await waitForApp(page)
    await fillSignup(page, email)
    await page.getByRole("status").filter({ hasText: "Welcome to Block 94! 🎉" }).waitFor()
    await expect(signupForm(page).getByLabel("Email address").inputValue()).resolves.toBe("")
    await expect(signupForm(page).getByRole("checkbox").isChecked()).resolves.toBe(false)
    expect(storedEmails()).toContain(email.toLowerCase())
    await context.close()
  })

  it("shows the failure toast and keeps the typed values when the endpoint is down", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    await page.route("**/api/signup", (route) => route.abort("connectionrefused"))
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    await fillSignup(page, "offline-fan@example.com")
    const toast = page.getByRole("alert").filter({ hasText: "Something went wrong" })
    await toast.waitFor()
    await expect(toast.textContent()).resolves.toContain("Please try again or email us directly at hello@block94.example")
    await expect(signupForm(page).getByLabel("Email address").inputValue()).resolves.toBe("offline-fan@example.com")
    await expect(signupForm(page).getByRole("checkbox").isChecked()).resolves.toBe(true)
    expect(storedEmails()).not.toContain("offline-fan@example.com")
    await context.close()
  })

  it("treats a server error answer as a failure, not a success", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    await page.route("**/api/signup", (route) => route.fulfill({ status: 503, body: "{}" }))
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    await fillSignup(page, "unlucky-fan@example.com")
    await page.getByRole("alert").filter({ hasText: "Something went wrong" }).waitFor()
    await expect(signupForm(page).getByLabel("Email address").inputValue()).resolves.toBe("unlucky-fan@example.com")
    await context.close()
  })

  it("shows Joining... and blocks a second submit while the request is on its way", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    let requests = 0
    await page.route("**/api/signup", async (route) => {
      requests += 1
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.goto(baseUrl + "/")
    await waitForApp(page)
    await fillSignup(page, "patient-fan@example.com")
    const button = signupForm(page).getByRole("button", { name: "Joining..." })
    await expect(button.isDisabled()).resolves.toBe(true)
    await signupForm(page).getByLabel("Email address").press("Enter")
    await page.getByRole("status").filter({ hasText: "Welcome to Block 94!" }).waitFor()
    expect(requests).toBe(1)
    await context.close()
  })
})

describe("the signup endpoint under gatsby serve", () => {
  const post = (body: string, contentType = "application/json") =>
    fetch(`${baseUrl}/api/signup`, { method: "POST", headers: { "Content-Type": contentType }, body })

  it("answers malformed requests with a 4xx and a JSON reason", async () => {
    const cases: Array<[Promise<Response>, number]> = [
      [post("{not json"), 400],
      [post(JSON.stringify({ email: "nope", source: "website_signup", timestamp: new Date().toISOString() })), 400],
      [post("email=a@b.co", "application/x-www-form-urlencoded"), 415],
      [post(JSON.stringify({ email: "x".repeat(10000) })), 413],
      [fetch(`${baseUrl}/api/signup`), 405],
    ]
    for (const [request, status] of cases) {
      const response = await request
      expect(response.status).toBe(status)
      const body = (await response.json()) as { error: string }
      expect(body.error.length).toBeGreaterThan(5)
    }
  })

  it("stores a repeated email once, whatever its case", async () => {
    const body = (email: string) => JSON.stringify({ email, source: "website_signup", timestamp: new Date().toISOString() })
    expect((await post(body("twice@example.com"))).status).toBe(201)
    expect((await post(body("TWICE@example.com"))).status).toBe(200)
    expect(storedEmails().filter((email) => email === "twice@example.com")).toHaveLength(1)
  })
})

describe("contact form", () => {
  it("opens the mail client with the message, then thanks the visitor", async () => {
    const { page, context } = await openPage(browser(), { viewport: LAPTOP })
    // Record mailto: links instead of handing them to a mail client.
    await page.addInitScript(() => {
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
    await page.goto(baseUrl + "/contact/")
    await waitForApp(page)
    const form = page.getByRole("form", { name: "Send a message" })
    await form.getByLabel("Name").fill("Zoë & Co")
    await form.getByLabel("Email").fill("zoe@example.com")
    await form.getByLabel("Message").fill("Hi? #drop\nLine two 🎉 東京")
    await form.getByRole("button", { name: "Send Message" }).click()
    await page.getByRole("status").filter({ hasText: "Message Sent! 📧" }).waitFor()
    const mailto = await page.evaluate(() => (window as unknown as { openedMailto: string }).openedMailto)
    const [address, query] = mailto.replace(/^mailto:/, "").split("?")
    const params = new URLSearchParams(query)
    expect(address).toBe("hello@block94.example")
    expect(params.get("subject")).toBe("Contact from Zoë & Co")
    expect(params.get("body")).toContain("Hi? #drop\r\nLine two 🎉 東京")
    expect(params.get("body")).toContain("zoe@example.com")
    await expect(form.getByLabel("Name").inputValue()).resolves.toBe("")
    await context.close()
  })

  it("asks for every field with the Missing Information toast", async () => {
    const { page, context } = await openPage(browser(), { viewport: PHONE })
    await page.goto(baseUrl + "/contact/")
    await waitForApp(page)
    const form = page.getByRole("form", { name: "Send a message" })
    await form.getByLabel("Name").fill("Sam")
    await form.getByRole("button", { name: "Send Message" }).click()
    const toast = page.getByRole("alert").filter({ hasText: "Missing Information" })
    await toast.waitFor()
    await expect(toast.textContent()).resolves.toContain("Please fill in all fields.")
    await expect(form.getByLabel("Email").evaluate((input) => input === document.activeElement)).resolves.toBe(true)
    await expect(form.getByLabel("Name").inputValue()).resolves.toBe("Sam")
    await context.close()
  })
})
