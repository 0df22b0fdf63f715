import { config } from "../env";
import { type FeedOutcome, logRefused, logUpstreamError, metrics } from "../ops";
import { sharedLock, sharedUnlock } from "../cache";
import { feedStore, type FeedCopy } from "./feed-store";
import { FeedFetchError, fetchFeed } from "../net/fetch-feed";
import { jsonServiceUrl, parseJsonServiceResponse } from "./json-service";
import { FeedParseError, parseFeedBytes } from "./parse-feed";
import type { FeedArticle } from "./types";

/**
 * Reads one feed and keeps its last good copy in the feed store. A feed that fails, hangs,
 * sends garbage or a broken document answers with the items it last had; only a feed that
 * never succeeded fails. Concurrent reads of the same feed share one request. Every fetch
 * is recorded: the feed's health (GET /api/feeds/status), the metrics, and a log line for
 * each failure naming the feed's address.
 *
 * With a shared store (REDIS_URL), instances cooperate: a copy another instance fetched less
 * than FEED_REVALIDATE_SECONDS ago is used as it is, and a short lock lets one instance at a
 * time read a given feed while the others wait briefly for its copy. Without Redis, or when
 * it fails, every step falls back to this process alone.
 */

/** How long one instance may hold a feed's lock (a fetch's own timeout is shorter). */
const LOCK_MS = 10_000;
/** How long an instance waits for the lock holder's copy before reading the feed itself. */
const WAIT_FOR_HOLDER_MS = 2_000;
const POLL_MS = 100;

// Shared by every module instance of the process, like the store (see feed-store.ts).
const holder = globalThis as { __riverbendFeedReads?: Map<string, Promise<FeedArticle[]>> };
const inFlight = (holder.__riverbendFeedReads ??= new Map());

async function fetchAndParse(
  feedUrl: string,
  previous: FeedCopy | undefined,
): Promise<{ outcome: "ok" | "not-modified"; copy: FeedCopy }> {
  const service = config().feedJsonServiceUrl;
  const validators = { etag: previous?.etag, lastModified: previous?.lastModified };
  const result = service
    ? await fetchFeed(jsonServiceUrl(service, feedUrl), {
        ...validators,
        accept: "application/json",
      })
    : await fetchFeed(feedUrl, validators);
  if (result.status === "not-modified") {
    if (previous) return { outcome: "not-modified", copy: previous };
    throw new FeedFetchError("304 without a cached copy", "http-error", 304);
  }
  const articles = service
    ? parseJsonServiceResponse(result.body.toString("utf8"), feedUrl)
    : parseFeedBytes(result.body, feedUrl, result.contentType);
  return {
    outcome: "ok",
    copy: { articles, etag: result.etag, lastModified: result.lastModified },
  };
}

function classify(error: unknown): { outcome: FeedOutcome; httpStatus?: number } {
  if (error instanceof FeedFetchError) return { outcome: error.kind, httpStatus: error.httpStatus };
  if (error instanceof FeedParseError) return { outcome: "parse-error" };
  return { outcome: "network-error" };
}

/** Answered by the feed less than FEED_REVALIDATE_SECONDS ago (here or on another instance). */
function isFresh(copy: FeedCopy | undefined): copy is FeedCopy {
  const at = copy?.fetchedAt ? Date.parse(copy.fetchedAt) : NaN;
  return Date.now() - at < config().feedRevalidateSeconds * 1000;
}

/** Waits a little for the copy another instance is fetching; undefined if it does not come. */
async function waitForFreshCopy(feedUrl: string): Promise<FeedCopy | undefined> {
  const deadline = Date.now() + WAIT_FOR_HOLDER_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const copy = await feedStore().getCopy(feedUrl);
    if (isFresh(copy)) return copy;
  }
  return undefined;
}

async function read(feedUrl: string, section: string, force: boolean): Promise<FeedArticle[]> {
  const current = await feedStore().getCopy(feedUrl);
  if (!force && isFresh(current)) return current.articles;
  // undefined: no Redis to coordinate with; null: another instance is reading this feed.
  const lock = await sharedLock(`feed:${feedUrl}`, LOCK_MS);
  if (lock === null && !force) {
    const copy = await waitForFreshCopy(feedUrl);
    if (copy) return copy.articles;
  }
  try {
    return await fetchAndRecord(
      feedUrl,
      section,
      lock ? await feedStore().getCopy(feedUrl) : current,
    );
  } finally {
    if (lock) await sharedUnlock(`feed:${feedUrl}`, lock);
  }
}

async function fetchAndRecord(
  feedUrl: string,
  section: string,
  previous: FeedCopy | undefined,
): Promise<FeedArticle[]> {
  const store = feedStore();
  const started = performance.now();
  const finish = (
    outcome: FeedOutcome,
    extra: { message?: string; httpStatus?: number; itemCount?: number },
  ) => {
    const durationMs = performance.now() - started;
    metrics().feedFetches.inc({ section, outcome });
    metrics().feedFetchSeconds.observe({ section }, durationMs / 1000);
    return store.recordFetch(feedUrl, { outcome, durationMs, at: new Date(), ...extra });
  };
  try {
    const { outcome, copy } = await fetchAndParse(feedUrl, previous);
    // A 304 renews the copy's date too, so other instances know it is current.
    await store.setCopy(feedUrl, { ...copy, fetchedAt: new Date().toISOString() });
    await finish(outcome, { itemCount: copy.articles.length });
    return copy.articles;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const { outcome, httpStatus } = classify(error);
    await finish(outcome, { message, httpStatus });
    const detail = previous ? `${message} (serving the last good copy)` : message;
    if (outcome === "refused") logRefused(feedUrl, detail);
    else logUpstreamError(feedUrl, detail, { section, outcome, httpStatus });
    if (previous) return previous.articles;
    throw error;
  }
}

/** The feed's items: fetched again (conditionally), or the last good copy when that fails. */
export function readFeed(
  feedUrl: string,
  section = "unknown",
  { force = false }: { force?: boolean } = {},
): Promise<FeedArticle[]> {
  const pending = inFlight.get(feedUrl);
  if (pending) return pending;
  const reading = read(feedUrl, section, force).finally(() => inFlight.delete(feedUrl));
  inFlight.set(feedUrl, reading);
  return reading;
}

/**
 * Reads the feed again now. A read already under way may have started before the change an
 * editor wants to show, so it is waited out rather than joined.
 */
export async function refreshFeed(feedUrl: string, section = "unknown"): Promise<FeedArticle[]> {
  await inFlight.get(feedUrl)?.catch(() => undefined);
  return readFeed(feedUrl, section, { force: true });
}

/**
 * The feed's last good copy in this process, without fetching: for readers of the cache
 * (site search) that must not cause upstream calls. Undefined when the feed was never read.
 */
export function peekFeed(feedUrl: string): FeedArticle[] | undefined {
  return feedStore().peekCopy(feedUrl)?.articles;
}
