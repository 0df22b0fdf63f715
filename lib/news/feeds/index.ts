/**
 * The feeds room of lib/news: which feeds each publication's sections list (the network's
 * defaults from lib/news/sections.ts, NEWS_FEEDS_FILE, a publication's own), every configured
 * feed once, where each is used, and the origins reached on any address.
 */
export {
  carriageRows,
  checkPublicationFeeds,
  configuredFeedOrigins,
  configuredFeeds,
  feedUses,
  getSectionFeeds,
} from "./feeds-config";
