/**
 * Rewrites a built page so that its JavaScript runs, and its pictures below the first screen
 * load, after the page has painted.
 *
 * Gatsby ends every page with `<script src="..." async>` tags for its runtime. They compete
 * with the HTML, the heading font and the first image for a slow connection, and when they
 * arrive early their evaluation delays the first paint on slow phones. The rewritten page
 * requests them once the browser reports its first contentful paint and has painted the whole
 * server-rendered page (parsed to its end, one frame rendered after that): a first paint can
 * show only the top of a long document, and a script that arrives before the rest is painted
 * would come before the largest paint, not after it. The content is server-rendered, so it is
 * readable (and its links and forms usable) before that. Browsers without paint timing start
 * the scripts once the page is parsed and painted.
 *
 * Pictures below the first screen are lazy, but a phone's browser fetches a lazy picture within
 * about a screen or two of the viewport as soon as it lays the page out: the drop's second piece
 * and Home's first slide would share the connection with the first screen's picture and font.
 * Until the loader starts, the page's <html> carries a mark under which lazy pictures are not
 * displayed (their <picture> keeps their space, see src/components/shared/Picture.tsx), so they
 * are fetched after the first paint. On wider screens, or without scripting, it hides nothing.
 */
import theme from "../../src/theme"

/** The mark on <html> while the page has not yet painted; the loader removes it. */
export const BEFORE_FIRST_PAINT = "data-before-first-paint"

/**
 * Screens narrower than the theme's first breakpoint: one column, where every lazy picture is
 * below the first screen. Wider, the drop's two pieces sit side by side in it, both shown at once.
 */
// No fallback copy of the breakpoint: the unit test pins the result, so a theme without one fails it.
const ONE_COLUMN = `(width < ${theme.breakpoints?.[0]})`

/** On one-column screens, lazy pictures stay out of the layout while the mark is on, where scripts can take it off. */
export const LAZY_PICTURES_AFTER_FIRST_PAINT = `<style>@media (scripting:enabled) and ${ONE_COLUMN}{html[${BEFORE_FIRST_PAINT}] img[loading=lazy]{display:none}}</style>`

const ASYNC_SCRIPT = /<script src="([^"<>]+)" async(?:="")?><\/script>/g

/** The inline script that adds the given script URLs to the page after it has painted. */
export const firstPaintLoader = (sources: readonly string[]): string =>
  `(function(s){var started=0,painted=0,parsed=0;function start(){if(started||!painted||!parsed)return;started=1;document.documentElement.removeAttribute("${BEFORE_FIRST_PAINT}");s.forEach(function(src){var e=document.createElement("script");e.src=src;e.async=true;document.body.appendChild(e)})}` +
  `function whole(){requestAnimationFrame(function(){setTimeout(function(){parsed=1;start()})})}` +
  `document.readyState==="loading"?document.addEventListener("DOMContentLoaded",whole):whole();` +
  `var P=window.PerformanceObserver;if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0){painted=1;return start()}` +
  `new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();painted=1;start()}}).observe({type:"paint",buffered:true})` +
  `})(${JSON.stringify(sources)})`

/** The page marked as not yet painted, with the style that holds back its lazy pictures (once). */
const holdLazyPictures = (html: string): string => {
  if (html.includes(LAZY_PICTURES_AFTER_FIRST_PAINT)) return html
  if (!/<html[\s>]/.test(html) || !html.includes("</head>")) throw new Error("no <html> or </head> found to hold lazy pictures until the first paint")
  return html.replace(/<html(?=[\s>])/, `<html ${BEFORE_FIRST_PAINT}=""`).replace("</head>", `${LAZY_PICTURES_AFTER_FIRST_PAINT}</head>`)
}

/**
 * The page with its async scripts replaced by the first-paint loader, where the first one was,
 * and its lazy pictures held until the loader starts. Throws when the page has no async script:
 * every page runs Gatsby's runtime, so none found means Gatsby's script markup changed and the
 * rewrite would silently do nothing.
 */
export const runScriptsAfterFirstPaint = (html: string): string => {
  const sources = [...html.matchAll(ASYNC_SCRIPT)].map((match) => match[1])
  if (sources.length === 0) throw new Error('no scripts found to start after the first paint (<script src="..." async>): did Gatsby\'s script markup change?')
  let loaderPlaced = false
  return holdLazyPictures(html).replace(ASYNC_SCRIPT, () => {
    if (loaderPlaced) return ""
    loaderPlaced = true
    return `<script>${firstPaintLoader(sources)}</script>`
  })
}

const LOADER_CALL = /<script>\(function\(s\)\{var started=[\s\S]*?\}\)\((\["[^\]]*"\])\)<\/script>/

/** The script URLs a rewritten page starts after its first paint (for the size budgets). */
export const deferredScriptSources = (html: string): string[] => {
  const list = LOADER_CALL.exec(html)?.[1]
  return list ? (JSON.parse(list) as string[]) : []
}
