import {
  archiveReachable,
  ArchiveUnavailableError,
  isoDay,
  searchArchive,
  type SearchOutcome,
  type SearchRequest,
} from "../archive";
import type { Publication } from "../publication";

/**
 * The search page's answer: the outcome, "empty" for no query, or "unavailable" when the
 * archive cannot answer. The archive's health is asked first (the probe proxy.ts answered the
 * request's 503 with, kept a second), so a reader of a search the proxy answered 503 reads
 * that search is unavailable, without waiting on the database again; a search that fails
 * after all (the archive left in between) says the same.
 */
export async function runSearch(
  publication: Publication,
  request: SearchRequest,
): Promise<SearchOutcome | "empty" | "unavailable"> {
  if (!(await archiveReachable())) return "unavailable";
  if (!request.query) return "empty";
  try {
    return await searchArchive(publication, request);
  } catch (error) {
    if (error instanceof ArchiveUnavailableError) return "unavailable";
    throw error;
  }
}

/**
 * The search page's own addresses: every link it makes (other pages of results, the
 * suggestions) keeps the reader's search as read (a bad parameter, named on the page, is left
 * out), changing only what the link is for. Defaults are not written: /search?q=council is
 * page 1, best matches first, every section, every date.
 */

type Search = Pick<SearchRequest, "query" | "section" | "from" | "to" | "sort" | "page">;

export function searchHref(request: Search, change: Partial<Search> = {}): string {
  const value = { ...request, ...change };
  const params = new URLSearchParams();
  if (value.query) params.set("q", value.query);
  if (value.section) params.set("section", value.section);
  if (value.from) params.set("from", isoDay(value.from));
  if (value.to) params.set("to", isoDay(value.to));
  if (value.sort !== "relevance") params.set("sort", value.sort);
  if (value.page > 1) params.set("page", String(value.page));
  const query = params.toString();
  return query ? `/search?${query}` : "/search";
}

const count = new Intl.NumberFormat("en-US");

/**
 * "1 result", "23 results": exact below 1,000, where counting stops; "About 310 results" where
 * counting them all would cost (the embedded engine stops counting at 30 ms: lib/archive/budgeted-count.ts);
 * past 1,000, "More than 1,000 results".
 */
export function resultCountText({
  total,
  more,
  estimated,
}: Pick<SearchOutcome, "total" | "more" | "estimated">): string {
  if (more) return `More than ${count.format(total)} results`;
  if (estimated) return `About ${count.format(total)} results`;
  if (total === 1) return "1 result";
  return `${count.format(total)} results`;
}
