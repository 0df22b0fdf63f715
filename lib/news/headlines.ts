import { createHash } from "node:crypto";
import { unstable_cache } from "next/cache";
import { cache } from "react";
import { cachedFailure } from "../cache";
import { TAGS } from "../constants";
import { config } from "../env";
import { logUpstreamError, metrics } from "../ops";
import { withSitePhotos } from "../photos";
import type { Publication } from "../publication";
import { peekFeed, readFeed } from "./feed-reader";
import { feedStore } from "./feed-store";
import { configuredFeedOrigins, getSectionFeeds } from "./feeds-config";
import { mergeArticles } from "./normalise";
import type { SectionSlug } from "./sections";
import { FEED_ERROR_MESSAGE, type FeedArticle, type SectionHeadlines } from "./types";

class AllFeedsFailedError extends Error {}

/** All feeds of a section in parallel; failed feeds are skipped; throws only if none answered. */
async function loadSection(slug: SectionSlug, feeds: string[]): Promise<FeedArticle[]> {
  const results = await Promise.allSettled(feeds.map((url) => readFeed(url, slug)));
  const lists = results
    .filter((result) => result.status === "fulfilled")
    .map((result) => result.value);
  if (lists.length === 0) throw new AllFeedsFailedError(`every feed of "${slug}" failed`);
  const articles = await withSitePhotos(mergeArticles(lists), configuredFeedOrigins());
  metrics().sectionItems.set({ section: slug }, articles.length);
  return articles;
}

/**
 * The tag of everything made from one feed (merged sections, and the pages showing them):
 * POST /api/revalidate expires it after reading the feed again, so the refresh shows on every
 * publication that lists the feed, and only there. Hashed: tags are short, addresses need not be.
 */
export function feedTag(url: string): string {
  return `feed:${createHash("sha256").update(url).digest("base64url").slice(0, 22)}`;
}

/**
 * The headlines of a section as a publication lists its feeds, cached for
 * FEED_REVALIDATE_SECONDS (the page that shows them inherits that lifetime). The cache key is
 * the section and its feed list, not the publication: every publication with the same list
 * (most of a network, for national and world news) shares one merged entry, made once.
 * A failure is never cached as data: it is cached as an error state for ERROR_RETRY_SECONDS
 * (lib/cache/cache.ts), which the page showing it inherits, so the feeds are retried soon.
 */
export const getSectionHeadlines = cache(
  async (publication: Publication, slug: SectionSlug): Promise<SectionHeadlines> => {
    const feeds = getSectionFeeds(publication, slug);
    return sectionHeadlinesOf(slug, feeds.join("\n"));
  },
);

/** Keyed by the list's text so React's per-request cache shares it between publications too. */
const sectionHeadlinesOf = cache(
  async (slug: SectionSlug, list: string): Promise<SectionHeadlines> => {
    const feeds = list.split("\n");
    const tags = [TAGS.headlines, `${TAGS.headlines}:${slug}`, ...feeds.map(feedTag)];
    // The feed list is part of the key: an operator's new list takes effect at once.
    const cached = unstable_cache(() => loadSection(slug, feeds), ["headlines", slug, ...feeds], {
      revalidate: config().feedRevalidateSeconds,
      tags,
    });
    try {
      return { status: "ok", articles: await cached() };
    } catch (error) {
      logUpstreamError(`section ${slug}`, error instanceof Error ? error.message : String(error));
      return cachedFailure<SectionHeadlines>(
        { status: "error", message: FEED_ERROR_MESSAGE },
        ["headlines", slug, ...feeds],
        tags,
      );
    }
  },
);

/**
 * The section's headlines as this process last read them, merged like getSectionHeadlines,
 * without any upstream call; null when none of the section's feeds has been read yet.
 */
export function peekSectionHeadlines(
  publication: Publication,
  slug: SectionSlug,
): FeedArticle[] | null {
  const lists = getSectionFeeds(publication, slug)
    .map((url) => peekFeed(url))
    .filter((articles) => articles !== undefined);
  return lists.length > 0 ? mergeArticles(lists) : null;
}

/**
 * The section's last read headlines from the feed store: every instance's copies when the
 * store is shared (Redis), else this process's; merged like getSectionHeadlines, never
 * fetching. null when none of the section's feeds has a copy.
 */
export async function storedSectionHeadlines(
  publication: Publication,
  slug: SectionSlug,
): Promise<FeedArticle[] | null> {
  const copies = await Promise.all(
    getSectionFeeds(publication, slug).map((url) => feedStore().getCopy(url)),
  );
  const lists = copies.filter((copy) => copy !== undefined).map((copy) => copy.articles);
  return lists.length > 0 ? mergeArticles(lists) : null;
}
