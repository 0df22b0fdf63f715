import { holding, tryLock, underLock, waitForLock, type HeldLock } from "../../cache";
import { OUTSIDE_TIMEOUT_MS, OutsideGetError } from "../../net";
import { type FeedOutcome, logRefused, logUpstreamError, metrics } from "../../ops";
import { SingleFlight, processSingleton } from "../../process";
import { failureOf, readFeedDocument, type DocumentHints } from "../ingest";
import type { FeedArticle } from "../types";
import { mergePushed, storeCopy } from "./copies";
import { feedStore, type FeedCopy } from "./feed-store";

/**
 * Reads one feed and keeps its last good copy in the feed store. A feed that fails, hangs,
 * sends garbage or a broken document answers with the items it last had; only a feed that
 * never succeeded fails. Concurrent reads of the same feed share one request. Every fetch
 * is recorded: the feed's health (GET /api/feeds/status), the metrics, and a log line for
 * each failure naming the feed's address.
 *
 * Who reads: the scheduler polls every configured feed on the feed's own schedule, an
 * editor's refresh reads its sections' feeds at once, and a hub's push hands items in
 * (applyPush). A page's render only reads a feed that has no copy yet (a first start);
 * otherwise it takes the copy as the scheduler keeps it. Every copy is stored and announced
 * one way (copies.ts).
 *
 * With a shared store (REDIS_URL), instances cooperate through the feed's lock
 * (lib/cache/shared-lock.ts): one instance at a time reads a given feed. Its holder writes
 * the new copy to Redis before it lets go, and renews the lock while it reads; the others wait
 * for that copy as long as the lock is held, and never read the feed themselves meanwhile (a
 * poll or a refresh waits, then reads, so copies are written in the order they were read). A
 * holder that dies stops renewing: its lock lapses within LOCK_MS, and the next instance takes
 * it. Without Redis, or when it fails, every step falls back to this process alone.
 */

/** A feed's lock lapses this long after its holder last renewed it (a dead holder's, too). */
const LOCK_MS = 3_000;
/** How often a holder renews its lock while it reads. */
const RENEW_MS = 1_000;
/** The longest a waiter waits: a holder's whole read (its fetch times out) and a lapse. */
const MAX_WAIT_MS = OUTSIDE_TIMEOUT_MS + 2 * LOCK_MS;
const HOLD = { ttlMs: LOCK_MS, renewMs: RENEW_MS };

const lockName = (feedUrl: string) => `feed:${feedUrl}`;
const reads = processSingleton("feed-reads", () => new SingleFlight<string, FeedArticle[]>());

/** Written after `since` (epoch ms) by whoever held the lock: the read a waiter waited for. */
function writtenSince(copy: FeedCopy | undefined, since: number): copy is FeedCopy {
  const at = copy?.fetchedAt ? Date.parse(copy.fetchedAt) : NaN;
  return at >= since;
}

type Waited = { copy: FeedCopy } | { failedAt: string };

/**
 * The feed's lock, for a read: taken now, or after another instance's read. A forced read (a
 * poll, a refresh) waits the holder out and reads itself, so its copy is written after that
 * one. Any other read stops waiting when the holder's fresh copy, or its failure (recorded
 * after the wait began: reading again now would only fail again), is in the store.
 */
async function lockForRead(
  feedUrl: string,
  force: boolean,
): Promise<{ lock: HeldLock | null } | Waited> {
  const attempt = await tryLock(lockName(feedUrl), LOCK_MS);
  if (attempt.outcome === "acquired") return { lock: attempt.lock };
  if (attempt.outcome === "unshared") return { lock: null };
  const began = Date.now();
  const settledBy = force
    ? undefined
    : async (): Promise<Waited | undefined> => {
        const copy = await feedStore().getCopy(feedUrl);
        if (writtenSince(copy, began)) return { copy };
        const failedAt = (await feedStore().getHealth(feedUrl))?.lastError?.at;
        return failedAt && Date.parse(failedAt) >= began ? { failedAt } : undefined;
      };
  const waited = await waitForLock(lockName(feedUrl), {
    ttlMs: LOCK_MS,
    maxWaitMs: MAX_WAIT_MS,
    settledBy,
  });
  if (waited.outcome === "settled") return waited.value;
  // Redis went away, or the wait ran out: this process reads on its own.
  return { lock: waited.outcome === "acquired" ? waited.lock : null };
}

async function read(
  feedUrl: string,
  section: string,
  force: boolean,
  since?: number,
): Promise<FeedArticle[]> {
  const current = await feedStore().getCopy(feedUrl);
  if (!force && current) return current.articles;
  const locked = await lockForRead(feedUrl, force);
  if ("copy" in locked) return locked.copy.articles;
  if ("failedAt" in locked) {
    // The holder just tried and failed: its last good copy, as it would have served.
    const copy = await feedStore().getCopy(feedUrl);
    if (copy) return copy.articles;
    throw new OutsideGetError(`the feed failed at ${locked.failedAt}`, "network-error");
  }
  // fetchAndRecord writes the new copy (and the health record) before the lock goes.
  return holding(locked.lock, HOLD, async () => {
    const previous = locked.lock ? await feedStore().getCopy(feedUrl) : current;
    // The holder wrote its copy and let go between the wait's last look and its try: a read
    // that needed only a copy takes that one (the holder's write comes before its release).
    if (!force && previous) return previous.articles;
    // A poll that waited for another read of the feed takes that read as its own.
    const readAt = previous?.fetchedAt ? Date.parse(previous.fetchedAt) : NaN;
    if (since !== undefined && previous && readAt >= since) return previous.articles;
    return fetchAndRecord(feedUrl, section, previous);
  });
}

type FetchDetail = { message?: string; httpStatus?: number; itemCount?: number };

async function fetchAndRecord(
  feedUrl: string,
  section: string,
  previous: FeedCopy | undefined,
): Promise<FeedArticle[]> {
  const started = performance.now();
  const record = (outcome: FeedOutcome, detail: FetchDetail & { retryAfterSeconds?: number }) => {
    const durationMs = performance.now() - started;
    metrics().feedFetches.inc({ section, outcome });
    metrics().feedFetchSeconds.observe({ section }, durationMs / 1000);
    return feedStore().recordFetch(feedUrl, { outcome, durationMs, at: new Date(), ...detail });
  };
  try {
    const { outcome, document } = await readFeedDocument(feedUrl, previous);
    // A 304 renews the copy's date too, so other instances know it is current.
    await storeCopy(feedUrl, { ...previous, ...document }, previous);
    await record(outcome, { itemCount: document.articles.length });
    return document.articles;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const { outcome, httpStatus, retryAfterSeconds } = failureOf(error);
    await record(outcome, { message, httpStatus, retryAfterSeconds });
    const detail = previous ? `${message} (serving the last good copy)` : message;
    if (outcome === "refused") logRefused(feedUrl, detail);
    else logUpstreamError(feedUrl, detail, { section, outcome, httpStatus });
    if (previous) return previous.articles;
    throw error;
  }
}

/** The feed's items: its copy, or read now when it has none yet (or when `force`d). */
export function readFeed(
  feedUrl: string,
  section = "unknown",
  { force = false, since }: { force?: boolean; since?: number } = {},
): Promise<FeedArticle[]> {
  return reads.run(feedUrl, () => read(feedUrl, section, force, since));
}

/**
 * Reads the feed again now (an editor's refresh). A read already under way may have started
 * before the change an editor wants to show, so it is waited out rather than joined.
 */
export async function refreshFeed(feedUrl: string, section = "unknown"): Promise<FeedArticle[]> {
  await reads.settled(feedUrl);
  return readFeed(feedUrl, section, { force: true });
}

/**
 * A scheduled poll: reads the feed now, unless someone read it since `since` (epoch ms) while
 * the poll waited for its turn (a page's first read, a refresh, another instance): that read
 * was this interval's.
 */
export async function pollFeed(feedUrl: string, section: string, since: number): Promise<void> {
  await reads.settled(feedUrl);
  await readFeed(feedUrl, section, { force: true, since });
}

/**
 * A hub's push (lib/news/websub): its items merged into the feed's copy and announced as a
 * read's would be. In line with reads of the feed: a read under way, here or on another
 * instance, writes first, then this. Answers whether the copy changed.
 */
export async function applyPush(
  feedUrl: string,
  pushed: { articles: FeedArticle[]; hints: DocumentHints },
): Promise<boolean> {
  await reads.settled(feedUrl);
  return underLock(lockName(feedUrl), { ...HOLD, maxWaitMs: MAX_WAIT_MS }, async () => {
    const previous = await feedStore().getCopy(feedUrl);
    const stored = await storeCopy(
      feedUrl,
      {
        articles: mergePushed(pushed.articles, previous?.articles ?? []),
        etag: previous?.etag ?? null,
        lastModified: previous?.lastModified ?? null,
        hints: previous?.hints ?? { ...pushed.hints, maxAgeSeconds: null },
      },
      previous,
      "push",
    );
    return stored.version !== previous?.version;
  });
}

/**
 * The feed's last good copy in this process, without fetching: for readers that must not
 * cause upstream calls. Undefined when the feed was never read.
 */
export function peekFeed(feedUrl: string): FeedArticle[] | undefined {
  return feedStore().peekCopy(feedUrl)?.articles;
}
