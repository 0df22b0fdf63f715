/**
 * Every page the quality gates check: the spec's route table (section 2), one blog post,
 * one search, one unknown path and one unknown post. One list, so no gate can forget a page.
 */

import { COMPLETE_SLUG } from "../stand-in/blog-catalogue.cjs";
import { SECTION_FEEDS } from "../stand-in/catalogue.cjs";

export interface QualityRoute {
  path: string;
  /** Status the page answers with. */
  status: 200 | 404;
  /** A content page: the JavaScript budget applies (home, sections, blog, posts, static pages). */
  content: boolean;
}

/** The 15 sections, as the stand-in serves feeds for them. */
const SECTIONS = Object.keys(SECTION_FEEDS);

const page = (path: string, content = true): QualityRoute => ({ path, status: 200, content });

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
  { path: "/no-such-page/at-all", status: 404, content: false },
  { path: "/blog/no-such-post", status: 404, content: false },
];

/** The routes the gates check. */
export const ROUTES: readonly QualityRoute[] = ALL_ROUTES;
