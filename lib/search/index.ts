/**
 * The front door of lib/search: literal matching and highlighting (search.ts) and the site
 * search over cached headlines and blog summaries (site-search.ts).
 */
export { highlightSegments, MAX_QUERY_LENGTH, readQuery } from "./search";
export { searchSite, type SiteSearchResults } from "./site-search";
