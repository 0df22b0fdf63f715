import { getSection, type SectionSlug } from "./news/sections";
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

export const SITEMAP_CATEGORIES: readonly SitemapCategory[] = [
  {
    title: "Main Pages",
    pages: [
      {
        name: "Home",
        path: "/",
        description: "Today's headlines, breaking news and every section at a glance",
        priority: "High",
      },
      {
        name: "Blog",
        path: "/blog",
        description: "Stories, notes and features from our newsroom",
        priority: "High",
      },
      {
        name: "Live Radio",
        path: "/radio",
        description: "Our station's 24/7 live stream",
        priority: "Medium",
      },
      {
        name: "Books",
        path: "/books",
        description: "Every book from our press, available on Amazon",
        priority: "Low",
      },
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
      {
        name: "Market News",
        path: "/market-news",
        description: "Live market headlines and links to learn how markets work",
        priority: "Medium",
      },
      {
        name: "Market Analysis",
        path: "/analysis",
        description: "Expert views on market trends and resources for learning analysis",
        priority: "Medium",
      },
      section("opinion", "Medium"),
      section("archives", "Low"),
    ],
  },
  {
    title: "Community & Resources",
    pages: [
      {
        name: "Local Events",
        path: "/events",
        description: "What is on in and around Riverbend",
        priority: "Medium",
      },
      {
        name: "Resources",
        path: "/resources",
        description: "Guides and tutorials on trading, risk and building a portfolio",
        priority: "Low",
      },
      {
        name: "FAQ",
        path: "/faq",
        description: "Answers to common questions about our coverage, the blog and the radio",
        priority: "Medium",
      },
      {
        name: "Contact Us",
        path: "/contact",
        description: "Reach the newsroom with tips, corrections and questions",
        priority: "Medium",
      },
      {
        name: "Partners",
        path: "/partners",
        description: "Advertising, our media kit and partnership opportunities",
        priority: "Low",
      },
    ],
  },
  {
    title: "Legal",
    pages: [
      {
        name: "Privacy Policy",
        path: "/privacy",
        description: "What we collect, how we use it and your rights",
        priority: "Low",
      },
      {
        name: "Terms of Service",
        path: "/terms",
        description: "The terms for using this site and its content",
        priority: "Low",
      },
    ],
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
