/**
 * The front door of lib/news, the headlines: the one module app/, components/ and other lib/
 * folders import. Its rooms, each with a door of its own:
 *
 *   sections.ts, types.ts   the 15 sections and the app's own item types (browser-safe)
 *   feeds/                  which feeds each publication's sections list
 *   ingest/                 one read of a feed: GET, defensive parse, normalised items
 *   store/                  each feed's last good copy and health; the one way a copy is
 *                           stored and announced; the reader that fills it, once per feed
 *   schedule/               every feed polled on its own pace, once for the network
 *   websub/                 hubs' pushes: records, subscriptions, the callback
 *   headlines/              what pages show: a section's merged, cached headlines
 *   admin/                  an editor's refresh and withdrawals, the feeds' status
 *
 * A change to how a feed is read goes in ingest/; to what happens when a copy changes (or an
 * item is first seen), in store/copies.ts.
 */
export {
  adminFailure,
  feedStatuses,
  parseRefreshRequest,
  parseSplitRequest,
  parseWithdrawRequest,
  readAdminBody,
  refreshSections,
  withdrawHeadline,
} from "./admin";
export { carriageRows, checkPublicationFeeds, configuredFeedOrigins } from "./feeds";
export { getSectionHeadlines, sectionJsonLd } from "./headlines";
export { startScheduler } from "./schedule";
export {
  BREAKING_NEWS_SECTION,
  FOOTER_SECTION_SLUGS,
  getSection,
  SECTIONS,
  type Section,
  type SectionSlug,
} from "./sections";
export {
  DEFAULT_IMAGE_URL,
  type FeedArticle,
  type SectionHeadlines,
  type StoryLink,
} from "./types";
export { MAX_DELIVERY_BYTES, receiveDelivery, verifyIntent } from "./websub";
