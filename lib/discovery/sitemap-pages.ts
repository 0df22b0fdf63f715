import { pageFor, pageName, type PagePath, type SitePage } from "../pages";
import type { Publication } from "../publication";
import type { SitemapCategory, SitemapPriority } from "../sitemap-texts";

export type { SitemapCategory };

/**
 * The human sitemap (/sitemap): every page a reader can open, grouped, each with a priority.
 * Names and descriptions are the pages' own (lib/pages), so a renamed page is renamed here too.
 */

/** The sitemap's categories and, in each, its pages by path and priority. */
const LAYOUT: readonly { title: string; pages: readonly [PagePath, SitemapPriority][] }[] = [
  {
    title: "Main Pages",
    pages: [
      ["/", "High"],
      ["/blog", "High"],
      ["/archive", "Medium"],
      ["/radio", "Medium"],
      ["/books", "Low"],
    ],
  },
  {
    title: "News Sections",
    pages: [
      ["/local", "High"],
      ["/national", "High"],
      ["/world", "High"],
      ["/politics", "High"],
      ["/business", "High"],
      ["/sports", "High"],
    ],
  },
  {
    title: "Specialized Coverage",
    pages: [
      ["/technology", "Medium"],
      ["/health", "Medium"],
      ["/automotive", "Medium"],
      ["/realestate", "Medium"],
      ["/culture", "Medium"],
      ["/food", "Medium"],
      ["/lifestyle", "Medium"],
    ],
  },
  {
    title: "Markets & Opinion",
    pages: [
      ["/market-news", "Medium"],
      ["/analysis", "Medium"],
      ["/opinion", "Medium"],
      ["/archives", "Low"],
    ],
  },
  {
    title: "Community & Resources",
    pages: [
      ["/events", "Medium"],
      ["/resources", "Low"],
      ["/faq", "Medium"],
      ["/contact", "Medium"],
      ["/partners", "Low"],
    ],
  },
  {
    title: "Legal",
    pages: [
      ["/privacy", "Low"],
      ["/terms", "Low"],
    ],
  },
];

function categories(pageAt: (path: PagePath) => SitePage): SitemapCategory[] {
  return LAYOUT.map(({ title, pages }) => ({
    title,
    pages: pages.map(([path, priority]) => {
      const page = pageAt(path);
      return { name: pageName(page), path, description: page.description, priority };
    }),
  }));
}

/** The categories as `publication` shows them. */
export function sitemapCategories(publication: Publication): SitemapCategory[] {
  return categories((path) => pageFor(publication, path));
}
