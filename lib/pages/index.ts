/**
 * The front door of lib/pages: every page of a publication declared once (pages.ts: path,
 * title, description, the sections it shows, its sitemap entry) and the menus made from them
 * (navigation.ts). Metadata, the sitemaps, llms.txt, the header and footer read these.
 */
export type { NavLink } from "../publication";
export { FOOTER_LINKS, HOME_LINK, MAIN_NAV, navLinks, NEWS_MENU } from "./navigation";
export {
  KEY_PAGES,
  localizePage,
  pageFor,
  pageName,
  pathsShowingSection,
  SECTION_PAGES,
  sitePage,
  type ChangeFrequency,
  type PagePath,
  type SitePage,
} from "./pages";
