import { KEY_PAGES } from "./pages";
import { getSection, type SectionSlug } from "../news";
import type { SitemapCategory, SitemapPage, SitemapPriority } from "./sitemap-filter";

export type { SitemapCategory, SitemapPage, SitemapPriority };

/**
 * The human sitemap (/sitemap): every page a reader can open, grouped, each with a name,
 * a description and a priority. Sections take their title and subtitle from
 * lib/news/sections.ts, so a renamed section is renamed here too.
 */

function section(slug: SectionSlug, priority: SitemapPriority): SitemapPage {
  const found = getSection(slug);
  if (!found) throw new Error(`unknown section "${slug}"`);
  return { name: found.title, path: `/${slug}`, description: found.subtitle, priority };
}

/** Other pages take their name and description from the one public page list. */
function keyPage(path: string, priority: SitemapPriority): SitemapPage {
  const found = KEY_PAGES.find((page) => page.path === path);
  if (!found) throw new Error(`"${path}" is not in lib/discovery/pages.ts`);
  return { name: found.name, path, description: found.description, priority };
}

export const SITEMAP_CATEGORIES: readonly SitemapCategory[] = [
  {
    title: "Main Pages",
    pages: [
      keyPage("/", "High"),
      keyPage("/blog", "High"),
      keyPage("/radio", "Medium"),
      keyPage("/books", "Low"),
    ],
  },
  {
    title: "News Sections",
    pages: [
      section("local", "High"),
      section("national", "High"),
      section("world", "High"),
      section("politics", "High"),
      section("business", "High"),
      section("sports", "High"),
    ],
  },
  {
    title: "Specialized Coverage",
    pages: [
      section("technology", "Medium"),
      section("health", "Medium"),
      section("automotive", "Medium"),
      section("realestate", "Medium"),
      section("culture", "Medium"),
      section("food", "Medium"),
      section("lifestyle", "Medium"),
    ],
  },
  {
    title: "Markets & Opinion",
    pages: [
      keyPage("/market-news", "Medium"),
      keyPage("/analysis", "Medium"),
      section("opinion", "Medium"),
      section("archives", "Low"),
    ],
  },
  {
    title: "Community & Resources",
    pages: [
      keyPage("/events", "Medium"),
      keyPage("/resources", "Low"),
      keyPage("/faq", "Medium"),
      keyPage("/contact", "Medium"),
      keyPage("/partners", "Low"),
    ],
  },
  {
    title: "Legal",
    pages: [keyPage("/privacy", "Low"), keyPage("/terms", "Low")],
  },
];

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
