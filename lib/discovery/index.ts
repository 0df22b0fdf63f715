/**
 * The front door of lib/discovery: what machines read (the XML sitemaps, robots.txt's answer,
 * /rss, llms.txt) and the human sitemap's data. The sitemap's components import its texts and
 * filter from lib/sitemap-texts.ts: browser-safe, it imports nothing.
 */
export { llmsTxt } from "./llms-document";
export { MARKDOWN, RSS, TEXT, textResponse, XML } from "./responses";
export { rssDocument } from "./rss-document";
export { sitemapEntries } from "./site-index";
export { sitemapCategories } from "./sitemap-pages";
export { sitemapDocument, sitemapPart } from "./sitemap-xml";
