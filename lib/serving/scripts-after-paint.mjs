// @ts-check
/**
 * The framework's scripts, fetched once the page has been shown.
 *
 * Next writes its client scripts into every page as `<script src async>` tags (and a preload
 * for its entry chunk): the browser asks for all of them at once, beside the stylesheets and
 * the lead photo, about 145 kB (gzip) competing with what the first frame needs. Every page of
 * this site is whole without JavaScript (links, forms, menus, cards); the scripts add client
 * navigation and the radio player. So the pages the cache serves keep those tags as a list in
 * one small inline loader, which adds the same scripts, async as before, once the first
 * contentful paint has been presented (Paint Timing), or at the load event where paint timing
 * is missing or the page is never shown. The scripts still run before the load event ends on
 * a visible page, so hydration is done when `load` fires, as before.
 *
 * What a reader gets: the paint no longer shares the connection with the framework; the
 * scripts start after it. What Lighthouse's simulation gets: on this machine the scripts used
 * to arrive before the first frame was shown, so its model counted their download (about a
 * second on its slow phone) into the largest paint. README, "Benchmarks", has both figures.
 *
 * Only tags exactly as Next 16 writes them for this site's own chunks are moved. A page with
 * none (an API answer, a page from another shape of Next) is returned as it came, and a page
 * already rewritten carries the loader's marker and is returned as it came, so rewriting is
 * idempotent and cheap to repeat.
 *
 * Plain JavaScript: the cache handler, which Next loads unbundled, applies it to every page
 * it stores or serves (lib/cache/cache-handler.mjs).
 */

/** The attribute that marks the loader; a page carrying it has been rewritten. */
export const MARKER = "data-scripts-after-paint";
const LOADER_TAG = `<script ${MARKER}=""`;

const SCRIPT = /<script src="(\/_next\/static\/[\w./~-]+\.js)" async=""><\/script>/g;
const PRELOAD =
  /<link rel="preload" as="script" fetchPriority="low" href="(\/_next\/static\/[\w./~-]+\.js)"\/>/g;

/**
 * The loader, for these script addresses. Plain ES5: it runs in every browser that reaches
 * the page, and one that cannot observe paints still loads the scripts at `load`.
 * @param {string[]} sources
 */
export function loaderScript(sources) {
  // `<` never appears in a chunk's address; escaped all the same, so the list cannot end the tag.
  const list = JSON.stringify(sources).replace(/</g, "\\u003c");
  return (
    `${LOADER_TAG}>(function(s){var d=0;function l(){if(d)return;d=1;` +
    `for(var i=0;i<s.length;i++){var e=document.createElement("script");e.src=s[i];e.async=true;` +
    `document.head.appendChild(e)}}` +
    `try{new PerformanceObserver(function(t,o){if(t.getEntriesByName("first-contentful-paint").length){o.disconnect();l()}})` +
    `.observe({type:"paint",buffered:true})}catch(e){}` +
    `addEventListener("load",l)})(${list})</script>`
  );
}

/**
 * The page with its framework scripts loaded after the first paint; unchanged when it has none
 * or has been rewritten already.
 * @param {string} html
 * @returns {string}
 */
export function scriptsAfterPaint(html) {
  const head = html.indexOf("</head>");
  // The loader's tag sits in the head: looking only there keeps a repeated call cheap. Text
  // from a feed cannot fake it: React escapes every `<` in the page's text.
  if (html.lastIndexOf(LOADER_TAG, head === -1 ? html.length : head) !== -1) return html;
  const tags = [...html.matchAll(SCRIPT)];
  if (tags.length === 0) return html;
  const sources = tags.map((tag) => tag[1]);
  let rewritten = "";
  let from = 0;
  for (const [i, tag] of tags.entries()) {
    rewritten += html.slice(from, tag.index) + (i === 0 ? loaderScript(sources) : "");
    from = tag.index + tag[0].length;
  }
  rewritten += html.slice(from);
  const deferred = new Set(sources);
  return rewritten.replace(PRELOAD, (tag, /** @type {string} */ href) =>
    deferred.has(href) ? "" : tag,
  );
}
