/**
 * The details a visitor notices: one toast at a time and never over the header, a message under
 * each field to fix, the cookie notice never hiding focus, an opaque header, buttons and
 * addresses that wrap well, one "404", a phone menu over a dimmed, still page, carousel arrows
 * clear of the pictures. Keyboard only where a visitor acts, axe at both sizes.
 */
import type { Locator, Page } from "@playwright/test"
import { axeViolations, cookieNotice, expect, imageLoaded, mainNav, menuToggle, onPhone, signupSection, test } from "./fixtures"
import { LAPTOP_ONLY, PHONE_ONLY, ROUTES } from "./site"

test.use({ reducedMotion: "reduce" })

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox()
  expect(found, "the element is on screen").not.toBeNull()
  return found!
}

test.describe("errors one at a time", () => {
  test("an empty signup sent three times from the keyboard shows one toast, under the header, and says under each field what it needs", async ({
    page,
    app,
  }) => {
    await page.clock.install()
    await app.open("/")
    const form = signupSection(page).locator("form")
    await form.getByRole("button", { name: "Join the Drop" }).focus()
    for (let press = 0; press < 3; press += 1) await page.keyboard.press("Enter")
    const toasts = page.locator(".Toastify__toast")
    await expect(toasts.first()).toBeVisible()
    // Every repeat has been handled (their answers wait on no network); run the toasts' own timers on.
    await page.clock.runFor(1500)
    await expect(toasts).toHaveCount(1)
    await expect(toasts).toContainText("Missing Information")
    expect(overlaps(await box(toasts), await box(page.locator("header")))).toBe(false)

    const email = form.getByLabel("Email address")
    await expect(email).toBeFocused()
    await expect(email).toHaveAttribute("aria-invalid", "true")
    await expect(email).toHaveAccessibleDescription("Enter your email address: it's where we send your spot in line.")
    await expect(form.getByRole("checkbox")).toHaveAccessibleDescription(/^Tick the box to confirm you're 16 or older/)
    expect(await axeViolations(page)).toEqual([])

    // A malformed address is told apart from an empty one, in the same single toast's place.
    await page.keyboard.type("fan@block94")
    await page.keyboard.press("Enter")
    await page.clock.runFor(1500)
    await expect(email).toHaveAccessibleDescription("That address looks incomplete: it needs an @ and a domain, like you@example.com.")
    await expect(toasts).toHaveCount(1)
  })

  test("an error that comes while the last toast is leaving gets a toast of its own", async ({ page, app }) => {
    await app.open("/")
    const form = signupSection(page).locator("form")
    await form.getByRole("button", { name: "Join the Drop" }).focus()
    await page.keyboard.press("Enter")
    const toasts = page.locator(".Toastify__toast")
    await expect(toasts).toHaveCount(1)
    // Closed without moving focus, as when its time runs out; it takes a moment to leave.
    await toasts.getByRole("button", { name: "close" }).dispatchEvent("click")
    await expect(toasts).toHaveAttribute("data-in", "false")
    await page.keyboard.press("Enter")
    await expect(page.locator('.Toastify__toast[data-in="true"]')).toHaveCount(1)
    await expect(toasts).toHaveCount(1)
    await expect(toasts).toContainText("Missing Information")
  })

  test("the contact form's empty fields get one toast and a message each", async ({ page, app }) => {
    await page.clock.install()
    await app.open("/contact/")
    const form = page.getByRole("form", { name: "Send a message" })
    await form.getByRole("button", { name: "Send Message" }).focus()
    for (let press = 0; press < 3; press += 1) await page.keyboard.press("Enter")
    await expect(page.locator(".Toastify__toast").first()).toBeVisible()
    await page.clock.runFor(1500)
    await expect(page.locator(".Toastify__toast")).toHaveCount(1)
    await expect(form.getByLabel("Name")).toBeFocused()
    for (const [label, words] of [
      ["Name", "Tell us your name, so we know who we're writing back to."],
      ["Email", "Enter your email address, so we can reply."],
      ["Message", "Write your message here."],
    ]) {
      await expect(form.getByLabel(label, { exact: true })).toHaveAccessibleDescription(words)
    }
    expect(overlaps(await box(page.locator(".Toastify__toast")), await box(page.locator("header")))).toBe(false)
  })
})

/**
 * Where the focused element is hidden by something drawn over it: for its corners and centre
 * inside the window, the element on top there, when it is neither the focused element nor inside it.
 */
const focusCoveredBy = (page: Page) =>
  page.evaluate(async () => {
    // What is drawn once the focus has moved and the page scrolled to it: two frames on.
    await new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted)))
    const focused = document.activeElement as HTMLElement | null
    if (!focused || focused === document.body) return []
    const rect = focused.getBoundingClientRect()
    // Its corners as far in as a round button's outline reaches, the middle of each edge, its centre.
    const inset = 0.3 * Math.min(rect.width, rect.height)
    const [left, right, top, bottom] = [rect.left + inset, rect.right - inset, rect.top + inset, rect.bottom - inset]
    const [middleX, middleY] = [(rect.left + rect.right) / 2, (rect.top + rect.bottom) / 2]
    const points = [
      [left, top],
      [right, top],
      [left, bottom],
      [right, bottom],
      [middleX, rect.top + 2],
      [middleX, rect.bottom - 2],
      [rect.left + 2, middleY],
      [rect.right - 2, middleY],
      [middleX, middleY],
    ]
    const label = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}:${(element.textContent ?? "").trim().slice(0, 24)}`
    const inWindow = points.filter(([x, y]) => x >= 0 && y >= 0 && x < window.innerWidth && y < window.innerHeight)
    if (inWindow.length === 0) return [`${label(focused)} is outside the window`]
    return inWindow.flatMap(([x, y]) => {
      const top = document.elementFromPoint(x, y)
      // Its own parts and its ancestors (a rounded corner hits the parent) are not drawn over it.
      return top && !focused.contains(top) && !top.contains(focused)
        ? [`${label(focused)} under ${label(top.closest("aside, header, section, div") ?? top)}`]
        : []
    })
  })

test.describe("the cookie notice gets out of the way", () => {
  for (const path of [...ROUTES, "/drop/"]) {
    test(`${path}: tabbing through every control with the notice shown, focus is never under it (or the header)`, async ({ page, app, problems }) => {
      problems.allow(/^error: Failed to load resource: the server responded with a status of 404/)
      await app.open(path)
      await expect(cookieNotice(page)).toBeVisible()
      const hidden: string[] = []
      let first: string | null = null
      for (let stop = 0; stop < 90; stop += 1) {
        await page.keyboard.press("Tab")
        const current = await page.evaluate(() => {
          const element = document.activeElement
          return element && element !== document.body ? element.outerHTML.slice(0, 120) : null
        })
        if (current && current === first) break
        first ??= current
        hidden.push(...(await focusCoveredBy(page)))
      }
      expect(hidden).toEqual([])
    })
  }

  test("is a slim bar on phones, leaves room for the foot of the page, and keeps its three controls", PHONE_ONLY, async ({ page, app }) => {
    await app.open("/contact/")
    const notice = cookieNotice(page)
    await expect(notice).toBeVisible()
    const bar = await box(notice)
    expect(bar.height).toBeLessThanOrEqual(150)
    expect(bar.width).toBeGreaterThanOrEqual(389)
    for (const name of ["Accept", "Dismiss", "Close cookie notice"]) await expect(notice.getByRole("button", { name, exact: true })).toBeVisible()
    // Scrolled to the very end, the copyright line sits above the bar. Pressed again on each try: the room the
    // bar keeps at the page's foot can arrive after a press, moving the end further down.
    await expect(async () => {
      await page.keyboard.press("End")
      const copyright = await box(page.getByText(/^© \d{4} Block 94/))
      expect(copyright.y + copyright.height).toBeLessThanOrEqual(bar.y)
    }).toPass()
  })

  test("is a small box in the bottom left corner on a laptop, clear of the drop's piece beside the headline", LAPTOP_ONLY, async ({ page, app }) => {
    await app.open("/")
    const corner = await box(cookieNotice(page))
    expect(corner.width).toBeLessThanOrEqual(400)
    expect(corner.x).toBeLessThan(80)
    expect(corner.y + corner.height).toBeGreaterThan(740)
    expect(overlaps(corner, await box(page.getByRole("img", { name: /^The back of a black hoodie/ })))).toBe(false)
  })
})

test.describe("the smaller details", () => {
  test("the sticky header is opaque: nothing shows through it", async ({ page, app }) => {
    await app.open("/about/")
    const background = await page.locator("header").evaluate((header) => getComputedStyle(header).backgroundColor)
    expect(background).toMatch(/^rgb\(\d+, \d+, \d+\)$/)
  })

  test("the hero's Shop the Drop (Coming Soon) leaves no word alone on a line", async ({ page, app }) => {
    await app.open("/")
    const lines = await page.getByRole("link", { name: "Shop the Drop (Coming Soon)" }).evaluate((link) => {
      const text = link.firstChild as Text
      const words = [...text.data.matchAll(/\S+/g)]
      const tops = words.map((word) => {
        const range = document.createRange()
        range.setStart(text, word.index)
        range.setEnd(text, word.index + word[0].length)
        return Math.round(range.getBoundingClientRect().top)
      })
      return [...new Set(tops)].map((top) => tops.filter((wordTop) => wordTop === top).length)
    })
    expect(lines.length).toBeLessThanOrEqual(2)
    expect(Math.min(...lines)).toBeGreaterThan(1)
  })

  test("the first screen of Home shows the drop's piece, beside the headline", async ({ page, app }) => {
    await app.open("/")
    const piece = page.getByRole("img", { name: /^The back of a black hoodie/ })
    await expect(piece).toHaveAttribute("loading", "eager")
    const shown = await box(piece)
    expect(shown.y + shown.height).toBeLessThanOrEqual(page.viewportSize()!.height)
    expect(await imageLoaded(piece)).toBe(true)
  })

  test("the business address wraps before its @ on a phone, never inside a word", PHONE_ONLY, async ({ page, app }) => {
    await app.open("/contact/")
    for (const address of ["hello@block94.example", "business@block94.example"]) {
      const breaks = await page
        .locator("main")
        .getByRole("link", { name: address })
        .first()
        .evaluate((link) => {
          const text = link.textContent ?? ""
          const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT)
          const tops: number[] = []
          for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
            for (let at = 0; at < node.data.length; at += 1) {
              const range = document.createRange()
              range.setStart(node, at)
              range.setEnd(node, at + 1)
              tops.push(Math.round(range.getBoundingClientRect().top))
            }
          }
          return tops.flatMap((top, at) => (at > 0 && top !== tops[at - 1] ? [text.slice(at)] : []))
        })
      for (const rest of breaks) expect(rest.startsWith("@")).toBe(true)
    }
  })

  test("the 404 page says 404 once", async ({ page, app }) => {
    await app.open("/no-such-page/")
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("404 Page Not Found")
    expect((await page.locator("main").innerText()).match(/404/g)).toHaveLength(1)
  })

  test.describe("the phone menu", PHONE_ONLY, () => {
    test("dims the page under it, keeps the page still, and closes on Escape, on a link and when focus leaves it", async ({ page, app }) => {
      await app.open("/about/")
      await menuToggle(page).focus()
      await page.keyboard.press("Enter")
      const scrim = page.locator("[data-scrim]")
      await expect(scrim).toBeVisible()
      // The page is held still once the menu has opened: an effect after the scrim's first paint.
      const overflow = () => page.evaluate(() => getComputedStyle(document.documentElement).overflow)
      await expect.poll(overflow).toBe("hidden")
      expect(await axeViolations(page)).toEqual([])

      await page.keyboard.press("Escape")
      await expect(scrim).toHaveCount(0)
      await expect(menuToggle(page)).toBeFocused()
      await expect.poll(overflow).not.toBe("hidden")

      // Tabbing past the last item closes the menu: focus never goes on under the scrim.
      await page.keyboard.press("Enter")
      const items = await mainNav(page).locator("a").count()
      for (let press = 0; press < items; press += 1) await page.keyboard.press("Tab")
      await expect(mainNav(page).getByRole("link", { name: "Join the Drop" })).toBeFocused()
      await page.keyboard.press("Tab")
      await expect(menuToggle(page)).toHaveAttribute("aria-expanded", "false")
      await expect(scrim).toHaveCount(0)

      await menuToggle(page).focus()
      await page.keyboard.press("Enter")
      await mainNav(page).getByRole("link", { name: "Contact" }).focus()
      await page.keyboard.press("Enter")
      await expect(page).toHaveURL("/contact/")
      await expect(scrim).toHaveCount(0)
    })
  })

  test("the carousel's arrows sit clear of the pictures on phones, on them on laptops", async ({ page, app }) => {
    await app.open("/")
    const picture = await box(page.locator('[aria-roledescription="slide"][aria-hidden="false"] picture'))
    for (const name of ["Previous slide", "Next slide"]) {
      const arrow = await box(page.getByRole("button", { name }))
      expect(overlaps(arrow, picture)).toBe(!onPhone(page))
    }
  })
})
