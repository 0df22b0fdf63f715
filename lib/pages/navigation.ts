import type { NavLink } from "../publication";
import { pageName, SECTION_PAGES, sitePage, type PagePath, type SitePage } from "./pages";

/** A menu's link to a page: its nav label, else its name. */
function linkTo(page: SitePage): NavLink {
  return { href: page.path, label: page.navLabel ?? pageName(page) };
}

/** Links to pages by path, in the order given. */
export function navLinks(paths: readonly PagePath[]): NavLink[] {
  return paths.map((path) => linkTo(sitePage(path)));
}

/** The header's first link. */
export const HOME_LINK: NavLink = linkTo(sitePage("/"));

/** The header's News dropdown: every section, then the events wall (the spec's list). */
export const NEWS_MENU: readonly NavLink[] = [
  ...SECTION_PAGES.map(linkTo),
  ...navLinks(["/events"]),
];

/** The header's other links, after News. */
export const MAIN_NAV: readonly NavLink[] = navLinks([
  "/books",
  "/radio",
  "/blog",
  "/partners",
  "/faq",
]);

/** The footer's line of links under the copyright. */
export const FOOTER_LINKS: readonly NavLink[] = navLinks([
  "/privacy",
  "/terms",
  "/sitemap",
  "/contact",
]);
