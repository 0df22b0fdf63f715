import { DEFAULT_IMAGE_URL } from "@/lib/news";

/** Marks the element whose headline photos fall back to the default photo. */
export const PHOTOS_ATTRIBUTE = "data-photos";

/**
 * The last resort for a headline photo that fails in the browser. Dead photo links are common
 * in real feeds, but the server finds them first: a photo it could not fetch is the default
 * photo in the HTML already (lib/photos), and one that dies later is redirected to it by the
 * photo route. What is left (a network error on the reader's side) is caught here: this
 * script swaps a headline photo that fails for the default one: those that failed before it ran (decode() rejects for them) and, through
 * a listener, those that fail later (lazy ones). One script for every card instead of a client
 * component per card, and it works before, or without, React.
 *
 * It sits at the end of the body, not in the head: an inline script behind the stylesheets
 * stops the parser until they load, which held the first paint back until the page's scripts
 * had run (Lighthouse then counts them in the largest paint: 1.9 s instead of ~1.2 s).
 */
const D = JSON.stringify(DEFAULT_IMAGE_URL);
const SCRIPT = `(function(){function f(t){if(t.tagName==="IMG"&&t.closest("[${PHOTOS_ATTRIBUTE}]")&&t.getAttribute("src")!==${D})t.src=${D}}addEventListener("error",function(e){f(e.target)},true);document.querySelectorAll("[${PHOTOS_ATTRIBUTE}] img").forEach(function(i){if(i.complete)i.decode().catch(function(){f(i)})})})()`;

export function PhotoFallbackScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
