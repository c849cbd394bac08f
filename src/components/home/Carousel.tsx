/** @jsxImportSource theme-ui */
import type { IGatsbyImageData } from "gatsby-plugin-image"
import { useEffect, useRef, useState, type FocusEvent, type TouchEvent } from "react"
import { useReducedMotion } from "../../hooks/use-reduced-motion"
import { useUiCopy } from "../../hooks/use-site-content"
import { nextIndex, previousIndex, shouldAutoAdvance, swipeDirection, wrapIndex } from "../../lib/carousel"
import { Icon } from "../shared/Icon"
import { Picture } from "../shared/Picture"
import { fillTemplate } from "../../signup/template"

export interface CarouselSlide {
  image: IGatsbyImageData
  caption: string
  alt: string
}

interface CarouselProps {
  label: string
  slides: CarouselSlide[]
  intervalMs: number
  transitionMs: number
}

const SLIDES_ID = "carousel-slides"

const controlStyle = {
  variant: "buttons.icon",
  position: "absolute",
  // On phones in the row of dots under the picture, clear of the art; wider, centred on the picture.
  top: ["auto", "50%"] as string[],
  bottom: [0, "auto"] as Array<number | string>,
  transform: ["none", "translateY(-50%)"] as string[],
  zIndex: 2,
  opacity: 0,
  transition: "opacity 200ms ease",
  "@media (hover: none)": { opacity: 1 },
} as const

/** The previous and next arrows, at the picture's sides. */
const ARROWS = [
  { side: "left", icon: "arrowLeft", label: "previous", step: previousIndex },
  { side: "right", icon: "arrowRight", label: "next", step: nextIndex },
] as const

/**
 * WAI-ARIA carousel: labelled region of labelled slides, prev/next arrows shown on hover or
 * keyboard focus, dots that jump, a pause control, swipe on touch screens. It moves on by
 * itself only while it is not hovered or focused and the visitor welcomes motion.
 */
export const Carousel = ({ label, slides, intervalMs, transitionMs }: CarouselProps) => {
  const { carousel: copy } = useUiCopy()
  const count = slides.length
  const [index, setIndex] = useState(0)
  const [paused, setPaused] = useState(false)
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const reducedMotion = useReducedMotion()
  const touchStart = useRef<{ x: number; y: number } | null>(null)
  // The hidden slides get their pictures once the carousel runs in the browser, so on a slow
  // connection they do not compete with the first screen (the server HTML has the first only).
  const [running, setRunning] = useState(false)
  const sectionRef = useRef<HTMLElement>(null)
  useEffect(() => {
    setRunning(true)
    // Its code may come after the pointer or the keyboard got there (it loads when the browser is idle).
    setHovered(sectionRef.current?.matches(":hover") ?? false)
    setFocused(sectionRef.current?.matches(":focus-within") ?? false)
  }, [])
  const autoAdvancing = shouldAutoAdvance({ paused, hovered, focused, reducedMotion })

  useEffect(() => {
    if (!autoAdvancing || count < 2) return
    const timer = window.setInterval(() => setIndex((current) => nextIndex(current, count)), intervalMs)
    return () => window.clearInterval(timer)
  }, [autoAdvancing, count, intervalMs])

  const goTo = (target: number) => setIndex(wrapIndex(target, count))

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false)
  }
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0]
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null
  }
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current
    const touch = event.changedTouches[0]
    touchStart.current = null
    if (!start || !touch) return
    const direction = swipeDirection(start.x, touch.clientX, start.y, touch.clientY)
    if (direction !== 0) setIndex((current) => wrapIndex(current + direction, count))
  }

  return (
    <section
      ref={sectionRef}
      aria-roledescription={copy.carouselRole}
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      sx={{
        position: "relative",
        "&:hover .carousel-arrow, &:focus-within .carousel-arrow": { opacity: 1 },
      }}
    >
      {/* The arrows' frame: the picture on wider screens; on phones the carousel, whose foot is the row of dots. */}
      <div sx={{ position: ["static", "relative"] }}>
        <div
          id={SLIDES_ID}
          aria-live={autoAdvancing ? "off" : "polite"}
          onTouchStart={onTouchStart}
          onTouchEnd={onTouchEnd}
          sx={{ position: "relative", display: "grid" }}
        >
          {slides.map((slide, slideIndex) => {
            const current = slideIndex === index
            return (
              <div
                key={slideIndex}
                role="group"
                aria-roledescription={copy.slideRole}
                aria-label={fillTemplate(copy.slidePosition, { number: String(slideIndex + 1), count: String(count) })}
                aria-hidden={!current}
                data-current={current}
                sx={{
                  gridArea: "1 / 1",
                  position: "relative",
                  opacity: current ? 1 : 0,
                  visibility: current ? "visible" : "hidden",
                  transition: reducedMotion ? "none" : `opacity ${transitionMs}ms ease, visibility ${transitionMs}ms`,
                }}
              >
                {(slideIndex === 0 || running) && (
                  <Picture
                    image={slide.image}
                    alt={slide.alt}
                    sx={{ display: "block", overflow: "hidden", borderRadius: "large", border: "2px solid", borderColor: "border" }}
                  />
                )}
                <p
                  sx={{
                    position: ["static", "absolute"],
                    left: 4,
                    right: 4,
                    bottom: 4,
                    mt: [3, 0],
                    maxWidth: 640,
                    px: [3, 4],
                    py: [2, 3],
                    variant: "messages.edge",
                    bg: "overlay",
                    borderRadius: "small",
                    fontSize: [0, 2],
                    fontWeight: "bold",
                  }}
                >
                  {slide.caption}
                </p>
              </div>
            )
          })}
        </div>
        {ARROWS.map(({ side, icon, label, step }) => (
          <button
            key={side}
            type="button"
            className="carousel-arrow"
            aria-label={copy[label]}
            aria-controls={SLIDES_ID}
            onClick={() => setIndex((current) => step(current, count))}
            sx={{ ...controlStyle, [side]: [0, 3] }}
          >
            <Icon name={icon} />
          </button>
        ))}
      </div>
      <div sx={{ display: "flex", alignItems: "center", justifyContent: "center", gap: 3, mt: 3 }}>
        <button
          type="button"
          onClick={() => setPaused((value) => !value)}
          aria-label={paused ? copy.play : copy.pause}
          sx={{ variant: "buttons.icon", width: 40, height: 40, borderColor: "border" }}
        >
          <Icon name={paused ? "play" : "pause"} size={18} />
        </button>
        <div role="group" aria-label={copy.chooseSlide} sx={{ display: "flex", gap: 1 }}>
          {slides.map((_, dotIndex) => {
            const current = dotIndex === index
            return (
              <button
                key={dotIndex}
                type="button"
                aria-label={fillTemplate(copy.slideButton, { number: String(dotIndex + 1) })}
                aria-current={current ? "true" : undefined}
                aria-controls={SLIDES_ID}
                onClick={() => goTo(dotIndex)}
                sx={{
                  width: 44,
                  height: 44,
                  p: 0,
                  border: "none",
                  bg: "transparent",
                  cursor: "pointer",
                  display: "inline-flex",
                  alignItems: "center",
                  justifyContent: "center",
                  "&::before": {
                    content: '""',
                    display: "block",
                    height: 12,
                    width: current ? 36 : 12,
                    borderRadius: "pill",
                    bg: current ? "primary" : "transparent",
                    border: "2px solid",
                    borderColor: current ? "primary" : "subtle",
                    transition: reducedMotion ? "none" : "width 200ms ease",
                  },
                  "&:hover::before": { borderColor: "primary" },
                }}
              />
            )
          })}
        </div>
      </div>
    </section>
  )
}
