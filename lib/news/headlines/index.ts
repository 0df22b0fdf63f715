/**
 * The headlines room of lib/news: what pages show. A section's headlines as a publication lists
 * its feeds, merged, with photos on the site's own origin, cached with the tags of the feeds
 * and versions they were made from (headlines.ts); the same without any upstream call, for
 * search; and a section page's structured data.
 */
export { getSectionHeadlines, peekSectionHeadlines } from "./headlines";
export { sectionJsonLd } from "./structured-data";
