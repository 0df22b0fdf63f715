/**
 * The store room of lib/news: each feed's last good copy and health, shared by every
 * publication that lists the feed (feed-store.ts: this process's memory, or Redis for every
 * instance); the one way a copy is stored and announced (copies.ts); and the reader that fills
 * it, one instance at a time per feed (feed-reader.ts).
 */
export { applyPush, peekFeed, pollFeed, readFeed, refreshFeed } from "./feed-reader";
export { EMPTY_HEALTH, feedStore, type FeedCopy, type FeedHealth } from "./feed-store";
