import { SECTIONS } from "../news";
import type { SitemapEntry } from "./sitemap-xml";

/**
 * Every public, indexable page that is not a section or a post, once: /sitemap.xml and
 * llms.txt read this list. (/search is noindex and is left out on purpose.)
 */
export interface PublicPage {
  path: string;
  name: string;
  description: string;
  changeFrequency: NonNullable<SitemapEntry["changeFrequency"]>;
  priority: number;
}

export const KEY_PAGES: readonly PublicPage[] = [
  {
    path: "/",
    name: "Home",
    description: "Today's headlines: breaking national news and every section at a glance.",
    changeFrequency: "hourly",
    priority: 1,
  },
  {
    path: "/blog",
    name: "Blog",
    description: "Stories, guides and notes from the newsroom.",
    changeFrequency: "daily",
    priority: 0.9,
  },
  {
    path: "/events",
    name: "Local Events",
    description: "What's on in {{town}}, from the community events wall.",
    changeFrequency: "daily",
    priority: 0.7,
  },
  {
    path: "/market-news",
    name: "Market News",
    description: "Markets and business headlines with the market image board.",
    changeFrequency: "daily",
    priority: 0.7,
  },
  {
    path: "/analysis",
    name: "Market Analysis",
    description: "Context and analysis for local investors and business owners.",
    changeFrequency: "weekly",
    priority: 0.6,
  },
  {
    path: "/radio",
    name: "Live Radio",
    description: "The station's 24/7 live stream, in the browser.",
    changeFrequency: "monthly",
    priority: 0.6,
  },
  {
    path: "/books",
    name: "Books",
    description: "Books from Riverbend Chronicle Press, with links to the bookstore.",
    changeFrequency: "monthly",
    priority: 0.5,
  },
  {
    path: "/faq",
    name: "Frequently Asked Questions",
    description: "About 100 answers on our coverage, the blog, the radio and advertising.",
    changeFrequency: "monthly",
    priority: 0.6,
  },
  {
    path: "/resources",
    name: "Resources",
    description: "Useful links and guides for readers and local businesses.",
    changeFrequency: "monthly",
    priority: 0.5,
  },
  {
    path: "/partners",
    name: "Partners",
    description: "Our media kit, the network partnership guide and community sponsorship.",
    changeFrequency: "monthly",
    priority: 0.5,
  },
  {
    path: "/contact",
    name: "Contact Us",
    description: "Reach the newsroom, send a tip, or ask about advertising.",
    changeFrequency: "yearly",
    priority: 0.5,
  },
  {
    path: "/sitemap",
    name: "Sitemap",
    description: "Every page of the site, by category.",
    changeFrequency: "weekly",
    priority: 0.4,
  },
  {
    path: "/privacy",
    name: "Privacy Policy",
    description: "What we collect, why, and the choices you have.",
    changeFrequency: "yearly",
    priority: 0.3,
  },
  {
    path: "/terms",
    name: "Terms of Service",
    description: "The terms for using the site.",
    changeFrequency: "yearly",
    priority: 0.3,
  },
];

export const SECTION_PAGES: readonly PublicPage[] = SECTIONS.map((section) => ({
  path: `/${section.slug}`,
  name: section.title,
  description: section.description,
  changeFrequency: "hourly",
  priority: section.fullSeo ? 0.8 : 0.7,
}));
