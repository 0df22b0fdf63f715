import { BLOG_PAGE_SIZE } from "./types";

/** Pure pagination rules for the blog list (spec section 9). */

export type PageItem = number | "gap";

export function totalPages(total: number, pageSize = BLOG_PAGE_SIZE): number {
  if (!Number.isFinite(total) || total <= 0) return 0;
  return Math.ceil(total / pageSize);
}

/**
 * The numbered buttons: 5 or fewer pages show all; current page 3 or lower: 1-4, gap,
 * last; within 2 of the end: first, gap, last 4; otherwise first, gap,
 * previous/current/next, gap, last.
 */
export function pageItems(current: number, pages: number): PageItem[] {
  if (pages <= 5) return Array.from({ length: Math.max(pages, 0) }, (_, i) => i + 1);
  if (current <= 3) return [1, 2, 3, 4, "gap", pages];
  if (current >= pages - 2) return [1, "gap", pages - 3, pages - 2, pages - 1, pages];
  return [1, "gap", current - 1, current, current + 1, "gap", pages];
}

/**
 * Reads the `page` route value: a whole number written as plain digits without a leading
 * zero, between 1 and 9,999 (past it, numbers are refused outright). Anything else is null.
 */
export function parsePageNumber(raw: string | string[] | undefined): number | null {
  if (typeof raw !== "string" || !/^[1-9]\d{0,3}$/.test(raw)) return null;
  return Number(raw);
}

/** The address of a list page: page 1 is /blog itself, then /blog/page/2, /blog/page/3... */
export function blogPageHref(page: number): string {
  return page <= 1 ? "/blog" : `/blog/page/${page}`;
}
