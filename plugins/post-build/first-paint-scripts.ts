/**
 * Rewrites a built page so that its JavaScript runs after the page has painted.
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
 */

const ASYNC_SCRIPT = /<script src="([^"<>]+)" async(?:="")?><\/script>/g

/** The inline script that adds the given script URLs to the page after it has painted. */
export const firstPaintLoader = (sources: readonly string[]): string =>
  `(function(s){var started=0,painted=0,parsed=0;function start(){if(started||!painted||!parsed)return;started=1;s.forEach(function(src){var e=document.createElement("script");e.src=src;e.async=true;document.body.appendChild(e)})}` +
  `function whole(){requestAnimationFrame(function(){setTimeout(function(){parsed=1;start()})})}` +
  `document.readyState==="loading"?document.addEventListener("DOMContentLoaded",whole):whole();` +
  `var P=window.PerformanceObserver;if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0){painted=1;return start()}` +
  `new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();painted=1;start()}}).observe({type:"paint",buffered:true})` +
  `})(${JSON.stringify(sources)})`

/**
 * The page with its async scripts replaced by the first-paint loader, where the first one was.
 * Throws when the page has none: every page runs Gatsby's runtime, so none found means
 * Gatsby's script markup changed and the rewrite would silently do nothing.
 */
export const runScriptsAfterFirstPaint = (html: string): string => {
  const sources = [...html.matchAll(ASYNC_SCRIPT)].map((match) => match[1])
  if (sources.length === 0) throw new Error('no scripts found to start after the first paint (<script src="..." async>): did Gatsby\'s script markup change?')
  let loaderPlaced = false
  return html.replace(ASYNC_SCRIPT, () => {
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
