/**
 * lib/discovery's browser-safe front door: the human sitemap's types, texts and filter, for its
 * components (the filter is a client component). It imports nothing, so the browser's bundle
 * carries only this, where the front door (index.ts) would bring the page list and the
 * server's modules.
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

/** Quick links to the machine-readable views of the site. */
export const SITEMAP_QUICK_LINKS: readonly { href: string; label: string; description: string }[] =
  [
    { href: "/sitemap.xml", label: "XML Sitemap", description: "For search engines" },
    { href: "/robots.txt", label: "robots.txt", description: "Rules for crawlers" },
    { href: "/llm.txt", label: "llm.txt", description: "A guide to the site for AI assistants" },
    { href: "/rss", label: "RSS Feed", description: "The latest blog posts" },
  ];

/** The sitemap shows at most this many recent posts (spec section 9). */
export const SITEMAP_RECENT_POSTS = 9;

export const SITEMAP_BLOG_ERROR_MESSAGE = "Failed to load blog posts";
