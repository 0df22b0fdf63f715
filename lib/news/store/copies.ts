import { createHash } from "node:crypto";
import { recordFeed } from "../../archive";
import { publishVersion } from "../../cache/freshness.mjs";
import { logger } from "../../ops";
import { feedTag } from "../../tags";
import type { FeedArticle } from "../types";
import { feedStore, type FeedCopy } from "./feed-store";

/**
 * A feed's new copy, stored and announced: the one way every read of a feed (a poll, an
 * editor's refresh, a page's first read, a hub's push) puts what it found in the store.
 *
 * Announcing is publishing the copy's version (lib/cache/freshness.mjs) with the time it first
 * appeared. From then on, every entry made from the feed is judged against it, on every
 * publication that lists the feed and on every instance, however late the entry was written:
 * one carrying another version of the feed is a miss; one carrying the feed's tag but no
 * version (made while the store had no copy of it, or from a failure) is a miss if it was
 * written before the version appeared. A changed copy's items are queued for the archive
 * (lib/archive records each item once, off this path). This runs outside any request, where Next's
 * revalidateTag cannot be called, and needs no tag expired.
 */

/** A digest of a copy's items: equal items, equal version; any change, a new one. */
function versionOf(articles: readonly FeedArticle[]): string {
  return createHash("sha256").update(JSON.stringify(articles)).digest("base64url").slice(0, 16);
}

/** Stores the feed's copy, dated now, with its version, and announces it. */
export async function storeCopy(
  feedUrl: string,
  copy: FeedCopy,
  previous: FeedCopy | undefined,
  by: "read" | "push" = "read",
): Promise<FeedCopy> {
  const at = Date.now();
  const now = new Date(at).toISOString();
  const version = versionOf(copy.articles);
  const changed = version !== previous?.version;
  const stored: FeedCopy = {
    ...copy,
    fetchedAt: now,
    version,
    changedAt: changed ? now : (previous?.changedAt ?? now),
  };
  await feedStore().setCopy(feedUrl, stored);
  // Into the archive, once the write is queued: the copy's items, when they may hold news.
  if (changed) recordFeed(feedUrl, stored.articles, at);
  if (changed && previous)
    logger().info(
      { event: "feed-changed", feed: feedUrl, from: previous.version, to: version, by },
      `feed changed: ${feedUrl} (${by})`,
    );
  // An unchanged version renews the date its pages' headlines are current as of.
  await publishVersion(feedTag(feedUrl), version, {
    confirmedAt: at,
    changedAt: Date.parse(stored.changedAt!),
  });
  return stored;
}

/** Pushed items first, then the copy's others, as many as the longer of the two holds. */
export function mergePushed(pushed: FeedArticle[], previous: FeedArticle[]): FeedArticle[] {
  const links = new Set(pushed.map((article) => article.link));
  const rest = previous.filter((article) => !links.has(article.link));
  return [...pushed, ...rest].slice(0, Math.max(pushed.length, previous.length));
}
