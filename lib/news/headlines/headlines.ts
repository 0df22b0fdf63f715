import { unstable_cache } from "next/cache";
import { cache } from "react";
import { isWithdrawn, storyMarks, tagWithStories, tagWithWithdrawals } from "../../archive";
import { cachedFailure } from "../../cache";
import { config } from "../../env";
import { logUpstreamError, metrics } from "../../ops";
import { withSitePhotos } from "../../photos";
import { processSingleton } from "../../process";
import type { Publication } from "../../publication";
import { feedTag, feedVersionTag, sectionTags } from "../../tags";
import { configuredFeedOrigins, getSectionFeeds } from "../feeds";
import { mergeArticles } from "../ingest";
import type { SectionSlug } from "../sections";
import { feedStore, peekFeed, readFeed, type FeedCopy } from "../store";
import {
  FEED_ERROR_MESSAGE,
  MAX_ARTICLES,
  type FeedArticle,
  type SectionHeadlines,
} from "../types";
import { oneCardPerStory } from "./stories";

/**
 * A section's merged entry holds this many items, so that with each story once (its copies in
 * several feeds one card) the page still has MAX_ARTICLES stories to show.
 */
const MERGED = 3 * MAX_ARTICLES;

class AllFeedsFailedError extends Error {}

/**
 * A section's feeds merged, from the copies the render read (copiesOf); a feed without one
 * failed just now and is skipped. Throws only if none answered.
 */
async function loadSection(
  slug: SectionSlug,
  copies: (FeedCopy | undefined)[],
): Promise<FeedArticle[]> {
  const lists = copies.filter((copy) => copy !== undefined).map((copy) => copy.articles);
  if (lists.length === 0) throw new AllFeedsFailedError(`every feed of "${slug}" failed`);
  const articles = await withSitePhotos(mergeArticles(lists, MERGED), configuredFeedOrigins());
  metrics().sectionItems.set({ section: slug }, articles.length);
  return articles;
}

/**
 * The headlines of a section as a publication lists its feeds, cached for
 * FEED_REVALIDATE_SECONDS (the page that shows them inherits that lifetime). The cache key is
 * the section and its feed list, not the publication: every publication with the same list
 * (most of a network, for national and world news) shares one merged entry, made once.
 * A failure is never cached as data: it is cached as an error state for ERROR_RETRY_SECONDS
 * (lib/cache/cached-failure.ts), which the page showing it inherits, so the feeds are retried soon.
 * Each story shows once, marked with its sources in the publication (stories.ts), read from the
 * archive as the page is made; the page carries the feeds' stories tags, and is made again
 * when their stories change (lib/archive/story-marks.ts).
 */
export const getSectionHeadlines = cache(
  async (publication: Publication, slug: SectionSlug): Promise<SectionHeadlines> => {
    const feeds = getSectionFeeds(publication, slug);
    const [{ headlines, copies }] = await Promise.all([
      sectionHeadlinesOf(slug, feeds.join("\n")),
      tagWithWithdrawals(publication.key),
      tagWithStories(feeds),
    ]);
    observeFreshness(`${publication.key}|${slug}`, copies);
    if (headlines.status !== "ok") return headlines;
    // Shared between publications, merged entries hold what an editor withdrew from this one.
    const articles = withoutWithdrawn(publication, headlines.articles);
    const marks = await storyMarks(
      publication.key,
      articles.map((article) => article.link),
    );
    return { status: "ok", ...oneCardPerStory(articles, marks, feeds) };
  },
);

/** The articles the publication has not withdrawn (the same list when it withdrew none). */
function withoutWithdrawn(publication: Publication, articles: FeedArticle[]): FeedArticle[] {
  const kept = articles.filter((article) => !isWithdrawn(publication.key, article.link));
  return kept.length === articles.length ? articles : kept;
}

/** When this process started (not when this module first loaded: the first render). */
const STARTED = performance.timeOrigin;
/** Pages (publication, section, feed version) already counted as showing a change. */
const shown = processSingleton("changes-shown", () => new Set<string>());

/**
 * The freshness metrics of one render (lib/ops/metrics.ts): how old its headlines are, and,
 * the first time a page shows a feed's new version, how long after the change was read.
 */
function observeFreshness(page: string, copies: (FeedCopy | undefined)[]): void {
  const now = Date.now();
  const read = copies.flatMap((copy) => (copy?.fetchedAt ? [Date.parse(copy.fetchedAt)] : []));
  if (read.length > 0) metrics().headlinesAge.observe((now - Math.min(...read)) / 1000);
  for (const copy of copies) {
    const changedAt = copy?.changedAt ? Date.parse(copy.changedAt) : NaN;
    // Changes read before this process started were shown by the process that read them.
    if (!copy?.version || !(changedAt >= STARTED)) continue;
    const key = `${page}|${copy.version}`;
    if (shown.has(key)) continue;
    if (shown.size >= 100_000) shown.clear();
    shown.add(key);
    metrics().feedChangeToPage.observe((now - changedAt) / 1000);
  }
}

/**
 * The feeds' copies as this render starts. A feed without one (a first start) is read first,
 * so that what the render makes names the version it shows: a page made from a copy that no
 * tag names could not be told apart from a newer one.
 */
async function copiesOf(slug: SectionSlug, feeds: string[]): Promise<(FeedCopy | undefined)[]> {
  const copies = await Promise.all(feeds.map((url) => feedStore().getCopy(url)));
  const missing = feeds.filter((_, index) => !copies[index]);
  if (missing.length === 0) return copies;
  await Promise.allSettled(missing.map((url) => readFeed(url, slug)));
  return Promise.all(feeds.map((url) => feedStore().getCopy(url)));
}

/** Keyed by the list's text so React's per-request cache shares it between publications too. */
const sectionHeadlinesOf = cache(
  async (
    slug: SectionSlug,
    list: string,
  ): Promise<{ headlines: SectionHeadlines; copies: (FeedCopy | undefined)[] }> => {
    const feeds = list.split("\n");
    const copies = await copiesOf(slug, feeds);
    // What this render makes carries the versions of the copies it read, and is a miss as soon
    // as one of the feeds has another (lib/cache/freshness.mjs).
    const versions = copies.flatMap((copy, index) =>
      copy?.version ? [feedVersionTag(feeds[index]!, copy.version)] : [],
    );
    const tags = [...sectionTags(slug), ...feeds.map(feedTag), ...versions];
    // The feed list is part of the key: an operator's new list takes effect at once.
    const cached = unstable_cache(() => loadSection(slug, copies), ["headlines", slug, ...feeds], {
      revalidate: config().feedRevalidateSeconds,
      tags,
    });
    try {
      return { headlines: { status: "ok", articles: await cached() }, copies };
    } catch (error) {
      logUpstreamError(`section ${slug}`, error instanceof Error ? error.message : String(error));
      const headlines = await cachedFailure<SectionHeadlines>(
        { status: "error", message: FEED_ERROR_MESSAGE },
        ["headlines", slug, ...feeds],
        tags,
      );
      return { headlines, copies };
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
