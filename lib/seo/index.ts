/**
 * The front door of lib/seo: page metadata (seo.ts), site-wide JSON-LD (structured-data.ts),
 * the 404 pages' texts and metadata (not-found.ts) and the favicon's ICO file (ico.ts).
 */
export { icoOf } from "./ico";
export { NOT_FOUND_PAGES, notFoundMetadata, type NotFoundKind } from "./not-found";
export { pageMetadata, rssAlternate } from "./seo";
export {
  breadcrumbJsonLd,
  collectionPageJsonLd,
  faqJsonLd,
  organizationId,
  organizationJsonLd,
  websiteId,
  websiteJsonLd,
} from "./structured-data";
