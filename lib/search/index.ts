/**
 * The front door of lib/search: literal matching and highlighting (search.ts) and the site
 * search over cached headlines and blog summaries (site-search.ts).
 */
export {
  fold,
  highlightSegments,
  MAX_QUERY_LENGTH,
  queryTerms,
  readQuery,
  scoreMatch,
  searchItems,
  type Match,
  type SearchFields,
  type TextSegment,
} from "./search";
export { searchSite, type HeadlineHit, type SiteSearchResults } from "./site-search";
