/**
 * The ingest room of lib/news: a feed from its host to the site's own items. One read
 * (read-document.ts: conditional GET through lib/net, or the feed-to-JSON service), the
 * defensive parse (parse-feed.ts, feed-document.ts: only a whole, well-formed feed counts),
 * what the feed says of its pace and hub (feed-hints.ts), and each item normalised
 * (normalise.ts, text.ts). Nothing here stores or schedules anything.
 */
export { type DocumentHints } from "./feed-hints";
export { absoluteHttpUrl, mergeArticles } from "./normalise";
export { parseFeedDocument } from "./parse-feed";
export { failureOf, readFeedDocument, type FeedDocument } from "./read-document";
