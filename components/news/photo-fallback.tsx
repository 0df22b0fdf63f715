import { DEFAULT_IMAGE_URL } from "@/lib/news/types";

/** Marks the element whose headline photos fall back to the default photo. */
export const PHOTOS_ATTRIBUTE = "data-photos";

/**
 * Dead image links are common in real feeds. This listener, inline in the head so it is in
 * place before any photo starts loading (and before, or without, React), swaps a headline
 * photo that fails for the default one. One script for every card instead of a client
 * component per card.
 */
const SCRIPT = `addEventListener("error",function(e){var t=e.target;if(t.tagName==="IMG"&&t.closest("[${PHOTOS_ATTRIBUTE}]")&&t.getAttribute("src")!==${JSON.stringify(DEFAULT_IMAGE_URL)})t.src=${JSON.stringify(DEFAULT_IMAGE_URL)}},true)`;

export function PhotoFallbackScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
