import { config } from "../env";
import { type FeedOutcome, logger, logRefused, logUpstreamError, metrics } from "../ops";
import { sharedExtend, sharedLock, sharedLockHeld, sharedUnlock } from "../cache";
import { OUTSIDE_TIMEOUT_MS } from "../net/outside-get";
import { copyRead, versionOf } from "./feed-changes";
import { linkHeaderHints } from "./feed-hints";
import { feedStore, type FeedCopy } from "./feed-store";
import { OutsideGetError, outsideGet } from "../net/outside-get";
import { jsonServiceUrl, parseJsonServiceResponse } from "./json-service";
import { FeedParseError, parseFeedDocument } from "./parse-feed";
import type { FeedArticle } from "./types";

/**
 * Reads one feed and keeps its last good copy in the feed store. A feed that fails, hangs,
 * sends garbage or a broken document answers with the items it last had; only a feed that
 * never succeeded fails. Concurrent reads of the same feed share one request. Every fetch
 * is recorded: the feed's health (GET /api/feeds/status), the metrics, and a log line for
 * each failure naming the feed's address.
 *
 * Who reads: the scheduler (lib/news/scheduler.ts) polls every configured feed on the feed's
 * own schedule, an editor's refresh reads its sections' feeds at once, and a hub's push hands
 * a document in (lib/news/websub.ts). A page's render only reads a feed that has no copy yet
 * (a first start); otherwise it takes the copy as the scheduler keeps it. Every new copy that
 * differs from the last is announced (lib/news/feed-changes.ts): the pages made from the old one
 * expire, on every publication and instance.
 *
 * With a shared store (REDIS_URL), instances cooperate: a lock lets one instance at a time
 * read a given feed. Its holder writes the new copy to Redis before it lets go, and renews the
 * lock while it reads; the others wait for that copy as long as the lock is held, and never
 * read the feed themselves meanwhile (a poll or a refresh waits, then reads, so copies are
 * written in the order they were read). A holder that dies stops renewing: its lock lapses
 * within LOCK_MS, and the next instance takes it. Without Redis, or when it fails, every step
 * falls back to this process alone.
 */

/** A feed's lock lapses this long after its holder last renewed it (a dead holder's, too). */
const LOCK_MS = 3_000;
/** How often a holder renews its lock while it reads. */
const RENEW_MS = 1_000;
/** The longest a waiter waits: a holder's whole read (its fetch times out) and a lapse. */
const MAX_WAIT_MS = OUTSIDE_TIMEOUT_MS + 2 * LOCK_MS;
const POLL_MS = 25;

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
    ? await outsideGet(jsonServiceUrl(service, feedUrl), {
        ...validators,
        accept: "application/json",
      })
    : await outsideGet(feedUrl, validators);
  const header = linkHeaderHints(result.link, feedUrl);
  if (result.status === "not-modified") {
    if (previous) {
      const hints = { ...previous.hints!, maxAgeSeconds: result.maxAgeSeconds };
      return { outcome: "not-modified", copy: { ...previous, hints } };
    }
    throw new OutsideGetError("304 without a cached copy", "http-error", 304);
  }
  const parsed = service
    ? {
        articles: parseJsonServiceResponse(result.body.toString("utf8"), feedUrl),
        hints: { ttlSeconds: null, updatePeriodSeconds: null, hub: null, self: null },
      }
    : parseFeedDocument(result.body, feedUrl, result.contentType);
  return {
    outcome: "ok",
    copy: {
      articles: parsed.articles,
      etag: result.etag,
      lastModified: result.lastModified,
      hints: {
        ...parsed.hints,
        // The HTTP Link header wins over the document's links (WebSub, section 4).
        hub: header.hub ?? parsed.hints.hub,
        self: header.hub ? (header.self ?? parsed.hints.self) : parsed.hints.self,
        maxAgeSeconds: result.maxAgeSeconds,
      },
    },
  };
}

function classify(error: unknown): { outcome: FeedOutcome; httpStatus?: number } {
  if (error instanceof OutsideGetError) return { outcome: error.kind, httpStatus: error.httpStatus };
  if (error instanceof FeedParseError) return { outcome: "parse-error" };
  return { outcome: "network-error" };
}

/** Written after `since` (epoch ms) by whoever held the lock: the read a waiter waited for. */
function writtenSince(copy: FeedCopy | undefined, since: number): copy is FeedCopy {
  const at = copy?.fetchedAt ? Date.parse(copy.fetchedAt) : NaN;
  return at >= since;
}

type Waited = { copy: FeedCopy } | { failedAt: string } | { lock: string } | null;

/**
 * Waits while another instance holds the feed's lock: for its fresh copy, or for its failure
 * (a fetch it recorded after the wait began: the feed is down, and reading it again now would
 * only fail again), or for the lock to lapse (its holder died), then takes the lock itself.
 * null: Redis went away, or the wait ran out; the caller reads the feed on its own.
 */
async function waitForHolder(feedUrl: string): Promise<Waited> {
  const began = Date.now();
  while (Date.now() - began < MAX_WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const copy = await feedStore().getCopy(feedUrl);
    if (writtenSince(copy, began)) return { copy };
    const held = await sharedLockHeld(`feed:${feedUrl}`);
    if (held === undefined) return null;
    if (held) continue;
    const health = await feedStore().getHealth(feedUrl);
    const failedAt = health?.lastError?.at;
    if (failedAt && Date.parse(failedAt) >= began) return { failedAt };
    const lock = await sharedLock(`feed:${feedUrl}`, LOCK_MS);
    if (lock === undefined) return null;
    if (lock !== null) return { lock };
  }
  return null;
}

/** Renews the lock every RENEW_MS until the returned function is called. */
function keepLock(feedUrl: string, token: string): () => void {
  const timer = setInterval(() => {
    void sharedExtend(`feed:${feedUrl}`, token, LOCK_MS);
  }, RENEW_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A forced read (a poll, a refresh) waits out another instance's read of the same feed, then
 * reads itself: its copy is then written after that one, never overwritten by an older read.
 */
async function lockAfterHolder(feedUrl: string): Promise<string | null | undefined> {
  const began = Date.now();
  while (Date.now() - began < MAX_WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const lock = await sharedLock(`feed:${feedUrl}`, LOCK_MS);
    if (lock !== null) return lock;
  }
  return null;
}

async function read(
  feedUrl: string,
  section: string,
  force: boolean,
  since?: number,
): Promise<FeedArticle[]> {
  const current = await feedStore().getCopy(feedUrl);
  if (!force && current) return current.articles;
  let lock = await sharedLock(`feed:${feedUrl}`, LOCK_MS);
  if (lock === null && force) lock = await lockAfterHolder(feedUrl);
  else if (lock === null) {
    const waited = await waitForHolder(feedUrl);
    if (waited && "copy" in waited) return waited.copy.articles;
    if (waited && "failedAt" in waited) {
      // The holder just tried and failed: its last good copy, as it would have served.
      const copy = await feedStore().getCopy(feedUrl);
      if (copy) return copy.articles;
      throw new OutsideGetError(`the feed failed at ${waited.failedAt}`, "network-error");
    }
    if (waited && "lock" in waited) lock = waited.lock;
  }
  const release = lock ? keepLock(feedUrl, lock) : () => undefined;
  try {
    const previous = lock ? await feedStore().getCopy(feedUrl) : current;
    // A poll that waited for another read of the feed takes that read as its own.
    const readAt = previous?.fetchedAt ? Date.parse(previous.fetchedAt) : NaN;
    if (since !== undefined && previous && readAt >= since) return previous.articles;
    return await fetchAndRecord(feedUrl, section, previous);
  } finally {
    // fetchAndRecord has written the new copy (and the health record) to the store already.
    release();
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
    extra: {
      message?: string;
      httpStatus?: number;
      itemCount?: number;
      retryAfterSeconds?: number;
    },
  ) => {
    const durationMs = performance.now() - started;
    metrics().feedFetches.inc({ section, outcome });
    metrics().feedFetchSeconds.observe({ section }, durationMs / 1000);
    return store.recordFetch(feedUrl, { outcome, durationMs, at: new Date(), ...extra });
  };
  try {
    const { outcome, copy } = await fetchAndParse(feedUrl, previous);
    // A 304 renews the copy's date too, so other instances know it is current.
    await storeCopy(feedUrl, copy, previous);
    await finish(outcome, { itemCount: copy.articles.length });
    return copy.articles;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const { outcome, httpStatus } = classify(error);
    const retryAfterSeconds = error instanceof OutsideGetError ? error.retryAfterSeconds : undefined;
    await finish(outcome, { message, httpStatus, retryAfterSeconds });
    const detail = previous ? `${message} (serving the last good copy)` : message;
    if (outcome === "refused") logRefused(feedUrl, detail);
    else logUpstreamError(feedUrl, detail, { section, outcome, httpStatus });
    if (previous) return previous.articles;
    throw error;
  }
}

/**
 * Stores a feed's new copy, dated now, with its version (a digest of its items), and announces
 * it: what was made from another version of the feed expires (lib/news/feed-changes.ts).
 */
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
  if (changed && previous)
    logger().info(
      { event: "feed-changed", feed: feedUrl, from: previous.version, to: version, by },
      `feed changed: ${feedUrl} (${by})`,
    );
  await copyRead(feedUrl, { version, at, first: previous === undefined });
  return stored;
}

/**
 * Runs `write` as the holder of the feed's lock (waiting out a read under way, here or on
 * another instance), so that what it stores comes after that read's copy, never before.
 */
export async function underFeedLock<T>(feedUrl: string, write: () => Promise<T>): Promise<T> {
  await inFlight.get(feedUrl)?.catch(() => undefined);
  let lock = await sharedLock(`feed:${feedUrl}`, LOCK_MS);
  if (lock === null) lock = await lockAfterHolder(feedUrl);
  const release = lock ? keepLock(feedUrl, lock) : () => undefined;
  try {
    return await write();
  } finally {
    release();
    if (lock) await sharedUnlock(`feed:${feedUrl}`, lock);
  }
}

/** The feed's items: its copy, or read now when it has none yet (or when `force`d). */
export function readFeed(
  feedUrl: string,
  section = "unknown",
  { force = false, since }: { force?: boolean; since?: number } = {},
): Promise<FeedArticle[]> {
  const pending = inFlight.get(feedUrl);
  if (pending) return pending;
  const reading = read(feedUrl, section, force, since).finally(() => inFlight.delete(feedUrl));
  inFlight.set(feedUrl, reading);
  return reading;
}

/**
 * Reads the feed again now (an editor's refresh, a scheduled poll). A read already under way
 * may have started before the change an editor wants to show, so it is waited out rather than
 * joined.
 */
export async function refreshFeed(feedUrl: string, section = "unknown"): Promise<FeedArticle[]> {
  await inFlight.get(feedUrl)?.catch(() => undefined);
  return readFeed(feedUrl, section, { force: true });
}

/**
 * A scheduled poll: reads the feed now, unless someone read it since `since` (epoch ms) while
 * the poll waited for its turn (a page's first read, a refresh, another instance): that read
 * was this interval's.
 */
export async function pollFeed(feedUrl: string, section: string, since: number): Promise<void> {
  await inFlight.get(feedUrl)?.catch(() => undefined);
  await readFeed(feedUrl, section, { force: true, since });
}

/**
 * The feed's last good copy in this process, without fetching: for readers of the cache
 * (site search) that must not cause upstream calls. Undefined when the feed was never read.
 */
export function peekFeed(feedUrl: string): FeedArticle[] | undefined {
  return feedStore().peekCopy(feedUrl)?.articles;
}
