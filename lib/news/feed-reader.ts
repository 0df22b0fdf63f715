import { config } from "../env";
import { logRefused, logUpstreamError } from "../log";
import { metrics, type FeedOutcome } from "../metrics";
import { feedStore, type FeedCopy } from "./feed-store";
import { FeedFetchError, fetchFeed } from "./fetch-feed";
import { jsonServiceUrl, parseJsonServiceResponse } from "./json-service";
import { FeedParseError, parseFeedBytes } from "./parse-feed";
import type { FeedArticle } from "./types";

/**
 * Reads one feed and keeps its last good copy in the feed store. A feed that fails, hangs,
 * sends garbage or a broken document answers with the items it last had; only a feed that
 * never succeeded fails. Concurrent reads of the same feed share one request. Every fetch
 * is recorded: the feed's health (GET /api/feeds/status), the metrics, and a log line for
 * each failure naming the feed's address.
 */

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

async function read(feedUrl: string, section: string): Promise<FeedArticle[]> {
  const store = feedStore();
  const previous = await store.getCopy(feedUrl);
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
    if (outcome === "ok") await store.setCopy(feedUrl, copy);
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
export function readFeed(feedUrl: string, section = "unknown"): Promise<FeedArticle[]> {
  const pending = inFlight.get(feedUrl);
  if (pending) return pending;
  const reading = read(feedUrl, section).finally(() => inFlight.delete(feedUrl));
  inFlight.set(feedUrl, reading);
  return reading;
}

/**
 * Reads the feed again now. A read already under way may have started before the change an
 * editor wants to show, so it is waited out rather than joined.
 */
export async function refreshFeed(feedUrl: string, section = "unknown"): Promise<FeedArticle[]> {
  await inFlight.get(feedUrl)?.catch(() => undefined);
  return readFeed(feedUrl, section);
}

/**
 * The feed's last good copy in this process, without fetching: for readers of the cache
 * (site search) that must not cause upstream calls. Undefined when the feed was never read.
 */
export function peekFeed(feedUrl: string): FeedArticle[] | undefined {
  return feedStore().peekCopy(feedUrl)?.articles;
}
