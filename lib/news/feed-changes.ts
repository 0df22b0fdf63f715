import { createHash } from "node:crypto";
import NextCacheHandler from "../cache/cache-handler.mjs";
import { publishVersion } from "../cache/freshness.mjs";
import { feedTag } from "./feed-tags";
import type { FeedArticle } from "./types";

/**
 * A feed's copy changed (a poll, a push or a refresh read new items): what was made from the
 * old copy must go, on every publication that lists the feed and on every instance.
 *
 * - The feed's new version is published (lib/cache/freshness.mjs): every page and merged
 *   section carrying another version of the feed is a miss from now on, wherever and whenever
 *   it was written (a render that read the old copy and stores its page late included).
 * - A feed's first copy also expires the feed's plain tag: what was made while it had no copy
 *   (a section's cached failure) carries no version to compare.
 *
 * This runs outside any request (a scheduled poll, a push handled after its answer), where
 * Next's revalidateTag cannot be called, so the tag goes straight to the project's cache
 * handler, the one Next itself uses (next.config.ts cacheHandler, Next's public interface).
 */

/** A digest of a copy's items: equal items, equal version; any change, a new one. */
export function versionOf(articles: readonly FeedArticle[]): string {
  return createHash("sha256").update(JSON.stringify(articles)).digest("base64url").slice(0, 16);
}

let handler: InstanceType<typeof NextCacheHandler> | undefined;

/**
 * Told after every good read of a feed (a document, a 304, a push): its version, changed or
 * not (an unchanged one renews the date its pages' headlines are current as of, and expires
 * nothing), and whether it is the feed's first copy here.
 */
export async function copyRead(
  feedUrl: string,
  { version, at, first }: { version: string; at: number; first: boolean },
): Promise<void> {
  const tag = feedTag(feedUrl);
  await publishVersion(tag, version, at);
  if (first) {
    handler ??= new NextCacheHandler({});
    await handler.revalidateTag([tag]);
  }
}
