/**
 * The front door of lib/discovery: what machines read (the XML sitemaps, robots.txt's answer,
 * /rss, llms.txt, /opensearch.xml) and the human sitemap's data. The sitemap's components
 * import its texts and filter from lib/sitemap-texts.ts: browser-safe, it imports nothing.
 */
export { llmsTxt } from "./llms-document";
export { OPENSEARCH, openSearchDocument } from "./opensearch";
export { MARKDOWN, RSS, TEXT, textResponse, XML } from "./responses";
export { rssDocument } from "./rss-document";
export { sitemapIndex, sitemapPartDocument } from "./site-index";
export { sitemapCategories } from "./sitemap-pages";
