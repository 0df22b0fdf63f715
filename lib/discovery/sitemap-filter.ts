/**
 * The sitemap's types and its filter. Kept apart from the page list so the browser's filter
 * loads only this, not the section definitions.
 */

export type SitemapPriority = "High" | "Medium" | "Low";

export interface SitemapPage {
  name: string;
  path: string;
  description: string;
  priority: SitemapPriority;
}

export interface SitemapCategory {
  title: string;
  pages: SitemapPage[];
}

/**
 * The categories with only the pages whose name or description contains `query`, ignoring
 * case; categories left empty are dropped. A blank query keeps everything.
 */
export function filterSitemap(
  categories: readonly SitemapCategory[],
  query: string,
): SitemapCategory[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...categories];
  return categories
    .map((category) => ({
      ...category,
      pages: category.pages.filter(
        (page) =>
          page.name.toLowerCase().includes(needle) ||
          page.description.toLowerCase().includes(needle),
      ),
    }))
    .filter((category) => category.pages.length > 0);
}
