/**
 * The front door of lib/discovery: what machines read (the XML sitemaps, robots.txt's answer,
 * /rss, llms.txt) and the human sitemap's data. Components that run in the browser import
 * ./client (browser-safe) instead.
 */
export {
  SITEMAP_BLOG_ERROR_MESSAGE,
  SITEMAP_QUICK_LINKS,
  SITEMAP_RECENT_POSTS,
  type SitemapCategory,
  type SitemapPage,
  type SitemapPriority,
} from "./client";
export { llmsTxt } from "./llms-document";
export { MARKDOWN, RSS, TEXT, textResponse, XML } from "./responses";
export { rssDocument } from "./rss-document";
export { sitemapEntries } from "./site-index";
export { sitemapCategories } from "./sitemap-pages";
export { sitemapDocument, sitemapPart, type SitemapEntry } from "./sitemap-xml";
