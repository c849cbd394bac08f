import { act, fireEvent, render, screen, within } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { Carousel, type CarouselSlide } from "../Carousel"

// The server renderer's Node build: its browser build needs a TextEncoder that jsdom lacks.
const { renderToString } = jest.requireActual<typeof import("react-dom/server")>("react-dom/server.node")

const image = (src: string): IGatsbyImageData => ({
  layout: "constrained",
  width: 1200,
  height: 675,
  images: { fallback: { src }, sources: [] },
})

const SLIDES: CarouselSlide[] = [
  { image: image("/a.jpg"), caption: "Fresh fits for the block", alt: "Model in a hoodie" },
  { image: image("/b.jpg"), caption: "Gear that goes everywhere", alt: "Backpack on a bench" },
  { image: image("/c.jpg"), caption: "Daily essentials, upgraded", alt: "Mugs on a shelf" },
]

const INTERVAL = 6000

type MatchMediaMock = (query: string) => MediaQueryList

const mockMatchMedia = (reduceMotion: boolean) => {
  const impl: MatchMediaMock = (query) =>
    ({
      matches: reduceMotion && query === "(prefers-reduced-motion: reduce)",
      media: query,
      onchange: null,
      addEventListener: jest.fn(),
      removeEventListener: jest.fn(),
      addListener: jest.fn(),
      removeListener: jest.fn(),
      dispatchEvent: jest.fn(() => false),
    }) as MediaQueryList
  Object.defineProperty(window, "matchMedia", { configurable: true, writable: true, value: jest.fn(impl) })
}

const renderCarousel = () => render(<Carousel label="Featured looks" slides={SLIDES} intervalMs={INTERVAL} transitionMs={700} />)

/** A slide by its label, whether or not it is the one shown (hidden slides have no accessible name). */
const slide = (n: number) => screen.getByLabelText(`${n} of 3`)

/** The number (1-based) of the slide currently shown, checked through what a person perceives. */
const currentSlide = (): number => {
  const shown = [1, 2, 3].filter((n) => slide(n).getAttribute("aria-hidden") !== "true")
  expect(shown).toHaveLength(1)
  return shown[0]
}

const advance = (ms: number) =>
  act(() => {
    jest.advanceTimersByTime(ms)
  })

describe("Carousel", () => {
  beforeEach(() => {
    jest.useFakeTimers()
    mockMatchMedia(false)
  })
  afterEach(() => {
    jest.useRealTimers()
  })

  it("is a labelled carousel region of three labelled slides, the first one shown", () => {
    renderCarousel()
    const region = screen.getByRole("region", { name: "Featured looks" })
    expect(region).toHaveAttribute("aria-roledescription", "carousel")
    ;[1, 2, 3].forEach((n) => {
      expect(slide(n)).toHaveAttribute("aria-roledescription", "slide")
    })
    expect(slide(1)).not.toHaveAttribute("aria-hidden", "true")
    expect(slide(2)).toHaveAttribute("aria-hidden", "true")
    expect(slide(3)).toHaveAttribute("aria-hidden", "true")
    // Only the current slide is exposed to assistive technology.
    expect(screen.getByRole("group", { name: "1 of 3" })).toBe(slide(1))
    expect(screen.queryByRole("group", { name: "2 of 3" })).not.toBeInTheDocument()
  })

  it("shows each slide's caption and image alt text", () => {
    renderCarousel()
    SLIDES.forEach(({ caption, alt }, i) => {
      const group = slide(i + 1)
      expect(within(group).getByText(caption)).toBeInTheDocument()
      expect(within(group).getByAltText(alt)).toBeInTheDocument()
    })
    expect(within(slide(1)).getByText("Fresh fits for the block")).toBeVisible()
    expect(within(slide(2)).getByText("Gear that goes everywhere")).not.toBeVisible()
  })

  it("sends only the first picture in the page HTML; the rest come when it runs; all load lazily", () => {
    const html = renderToString(<Carousel label="Featured looks" slides={SLIDES} intervalMs={INTERVAL} transitionMs={700} />)
    expect(html.match(/<img /g)).toHaveLength(1)
    expect(html).toContain('src="/a.jpg"')
    expect(html).toContain('loading="lazy"')

    renderCarousel()
    expect(screen.getAllByRole("img", { hidden: true }).map((img) => img.getAttribute("src"))).toEqual(["/a.jpg", "/b.jpg", "/c.jpg"])
    for (const { alt } of SLIDES) expect(screen.getByAltText(alt)).toHaveAttribute("loading", "lazy")
  })

  it("moves on every 6 seconds and wraps from the last slide to the first", () => {
    renderCarousel()
    expect(currentSlide()).toBe(1)
    advance(INTERVAL - 1)
    expect(currentSlide()).toBe(1)
    advance(1)
    expect(currentSlide()).toBe(2)
    advance(INTERVAL)
    expect(currentSlide()).toBe(3)
    advance(INTERVAL)
    expect(currentSlide()).toBe(1)
  })

  it("does not move on while hovered, and resumes when the pointer leaves", () => {
    renderCarousel()
    const region = screen.getByRole("region", { name: "Featured looks" })
    fireEvent.mouseEnter(region)
    advance(INTERVAL * 3)
    expect(currentSlide()).toBe(1)
    fireEvent.mouseLeave(region)
    advance(INTERVAL)
    expect(currentSlide()).toBe(2)
  })

  it("does not move on while keyboard focus is inside, and resumes when focus leaves", () => {
    render(
      <>
        <Carousel label="Featured looks" slides={SLIDES} intervalMs={INTERVAL} transitionMs={700} />
        <button type="button">Outside</button>
      </>,
    )
    act(() => screen.getByRole("button", { name: "Slide 2" }).focus())
    advance(INTERVAL * 3)
    expect(currentSlide()).toBe(1)
    act(() => screen.getByRole("button", { name: "Outside" }).focus())
    advance(INTERVAL)
    expect(currentSlide()).toBe(2)
  })

  it("does not move on by itself when the visitor prefers reduced motion", () => {
    mockMatchMedia(true)
    renderCarousel()
    advance(INTERVAL * 3)
    expect(currentSlide()).toBe(1)
    // The controls still work.
    fireEvent.click(screen.getByRole("button", { name: "Next slide" }))
    expect(currentSlide()).toBe(2)
  })

  it("stops with the pause button and starts again with play", async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime })
    renderCarousel()
    const region = screen.getByRole("region", { name: "Featured looks" })
    await user.click(screen.getByRole("button", { name: "Stop automatic slide show" }))
    // Move pointer and focus away so only the pause control holds the show.
    fireEvent.mouseLeave(region)
    act(() => (document.activeElement as HTMLElement | null)?.blur())
    advance(INTERVAL * 3)
    expect(currentSlide()).toBe(1)

    const play = screen.getByRole("button", { name: "Start automatic slide show" })
    await user.click(play)
    fireEvent.mouseLeave(region)
    act(() => (document.activeElement as HTMLElement | null)?.blur())
    expect(screen.getByRole("button", { name: "Stop automatic slide show" })).toBeInTheDocument()
    advance(INTERVAL)
    expect(currentSlide()).toBe(2)
  })

  it("Next and Previous wrap around in both directions", () => {
    renderCarousel()
    const next = screen.getByRole("button", { name: "Next slide" })
    const previous = screen.getByRole("button", { name: "Previous slide" })
    fireEvent.click(previous)
    expect(currentSlide()).toBe(3)
    fireEvent.click(next)
    expect(currentSlide()).toBe(1)
    fireEvent.click(next)
    fireEvent.click(next)
    expect(currentSlide()).toBe(3)
    fireEvent.click(next)
    expect(currentSlide()).toBe(1)
  })

  it("dots jump to their slide and mark the current one", () => {
    renderCarousel()
    const dots = within(screen.getByRole("group", { name: "Choose a slide" })).getAllByRole("button")
    expect(dots.map((dot) => dot.getAttribute("aria-label"))).toEqual(["Slide 1", "Slide 2", "Slide 3"])
    expect(dots[0]).toHaveAttribute("aria-current", "true")
    expect(dots[1]).not.toHaveAttribute("aria-current")

    fireEvent.click(dots[2])
    expect(currentSlide()).toBe(3)
    expect(dots[2]).toHaveAttribute("aria-current", "true")
    expect(dots[0]).not.toHaveAttribute("aria-current")

    fireEvent.click(dots[1])
    expect(currentSlide()).toBe(2)
    expect(dots[1]).toHaveAttribute("aria-current", "true")
    expect(dots[2]).not.toHaveAttribute("aria-current")
  })

  /** A finger put on the track at (fromX, 100) and lifted at (toX, toY). */
  const swipe = (track: HTMLElement, fromX: number, toX: number, toY = 100) => {
    fireEvent.touchStart(track, { touches: [{ clientX: fromX, clientY: 100 }] })
    fireEvent.touchEnd(track, { changedTouches: [{ clientX: toX, clientY: toY }] })
  }

  it("a swipe left shows the next slide and a swipe right the previous one", () => {
    renderCarousel()
    const track = slide(1).parentElement as HTMLElement
    swipe(track, 300, 150, 105)
    expect(currentSlide()).toBe(2)

    swipe(track, 100, 260)
    expect(currentSlide()).toBe(1)

    swipe(track, 100, 260)
    expect(currentSlide()).toBe(3)
  })

  it("a tap is not a swipe", () => {
    renderCarousel()
    const track = slide(1).parentElement as HTMLElement
    swipe(track, 200, 205)
    expect(currentSlide()).toBe(1)
  })
})
