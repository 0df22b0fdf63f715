/**
 * Every page the quality gates check: the spec's route table (section 2), one blog post,
 * searches (results and nothing found), the archive (its index, a month, a day), a story, one unknown
 * path and one unknown post. One list, so no gate can forget a page.
 */

import { expect, type APIRequestContext } from "@playwright/test";
import { COMPLETE_SLUG } from "../stand-in/blog-catalogue.cjs";
import { SECTION_FEEDS } from "../stand-in/catalogue.cjs";

export interface QualityRoute {
  /** The address; for the archive's month and day, a name that pathOf resolves when it runs. */
  path: string;
  /** Status the page answers with. */
  status: 200 | 404;
  /** A content page: the JavaScript budget applies (home, sections, blog, posts, static pages). */
  content: boolean;
}

/** The 15 sections, as the stand-in serves feeds for them. */
const SECTIONS = Object.keys(SECTION_FEEDS);

const page = (path: string, content = true): QualityRoute => ({ path, status: 200, content });

/**
 * The archive's days are what it holds: the first month /archive lists, and its first day. A
 * story's page is the one a card of /national links ("3 sources": the stand-in's national,
 * politics and local feeds carry one story, e2e/stand-in/sample-headlines.json).
 */
const ARCHIVE_MONTH = "/archive/<latest month>";
const ARCHIVE_DAY = "/archive/<its first day>";
const STORY = "/story/<a story of /national>";
const FOUND_LINKS: Record<string, { on: string; link: RegExp }> = {
  [ARCHIVE_MONTH]: { on: "/archive", link: /href="(\/archive\/\d{4}\/\d{2})"/ },
  [ARCHIVE_DAY]: { on: "/archive", link: /href="(\/archive\/\d{4}\/\d{2}\/\d{2})"/ },
  [STORY]: { on: "/national", link: /href="(\/story\/[A-Za-z0-9-]+)"/ },
};
const resolved = new Map<string, string>();

/**
 * The address a route's page is at: its path, or for the archive's month and day and a story,
 * the first link of that kind on the page that links them (waiting for the archive to record
 * the stand-in's feeds and group their stories).
 */
export async function pathOf(route: QualityRoute, request: APIRequestContext): Promise<string> {
  const linked = FOUND_LINKS[route.path];
  if (!linked) return route.path;
  const { on, link } = linked;
  if (!resolved.has(route.path)) {
    await expect
      .poll(
        async () => {
          const found = link.exec(await (await request.get(on)).text())?.[1];
          if (found) resolved.set(route.path, found);
          return found ?? null;
        },
        { timeout: 30_000, message: `${on} links ${route.path}` },
      )
      .not.toBeNull();
  }
  return resolved.get(route.path)!;
}

const ALL_ROUTES: readonly QualityRoute[] = [
  page("/"),
  ...SECTIONS.map((slug) => page(`/${slug}`)),
  page("/events"),
  page("/blog"),
  page("/blog/page/2"),
  // A post of the stand-in blog host the e2e run reads (e2e/stand-in/blog-catalogue.cjs).
  page(`/blog/${COMPLETE_SLUG}`),
  page("/market-news"),
  page("/analysis"),
  page("/resources"),
  page("/contact"),
  page("/partners"),
  page("/privacy"),
  page("/terms"),
  page("/faq"),
  page("/sitemap", false),
  page("/radio", false),
  page("/books"),
  page("/search?q=council", false),
  page("/search?q=robotcs", false),
  page("/archive"),
  page(ARCHIVE_MONTH),
  page(ARCHIVE_DAY),
  page(STORY),
  { path: "/no-such-page/at-all", status: 404, content: false },
  { path: "/blog/no-such-post", status: 404, content: false },
];

/** The routes the gates check. */
export const ROUTES: readonly QualityRoute[] = ALL_ROUTES;
