import { logger } from "../ops";
import { onShutdown, processSingleton } from "../process";
import { withArchive } from "./engine";
import type { ArchiveItemInput, CarriageRow, RecordBatch } from "./types";

/**
 * Recording: what feeds carried, put in the archive after a read, never on a reader's path.
 * `recordFeed` only queues (a render that reads a feed first pays nothing for it); a flush a
 * moment later writes each feed's batch. When the archive cannot take a batch (its database
 * is away) the batch stays queued, merged with later reads of the same feed (the first
 * sighting kept, the latest text), and the flush is tried again every few seconds until it
 * can: what was seen while the database was away is written when it is back.
 *
 * Before each flush the network's carriage (which publication shows which feed in which
 * section) is brought up to date when it changed, so every item lands under the history in
 * force when it was seen.
 */

/** A queued item: the first time this process saw it, its latest text. */
interface Queued {
  item: ArchiveItemInput;
  seenAt: number;
}

const FLUSH_DELAY_MS = 250;
const RETRY_MS = [1000, 2000, 5000];
/** Past this many queued items (a database away for long), the oldest feeds' are dropped. */
const MAX_QUEUED = 200_000;
/** A batch may take longer than a reader's query. */
const WRITE_TIMEOUT_MS = 10_000;

const state = processSingleton("archive-recorder", () => {
  // What is queued is written before the process exits; no timer is left behind.
  onShutdown(stopRecording);
  return makeState();
});

function makeState() {
  return {
    queue: new Map<string, Map<string, Queued>>(),
    queued: 0,
    timer: null as NodeJS.Timeout | null,
    failures: 0,
    carriage: null as (() => readonly CarriageRow[]) | null,
    syncedRows: null as readonly CarriageRow[] | null,
    flushing: null as Promise<void> | null,
    stopped: false,
  };
}

/** Writes what is queued, once more, and schedules nothing after. */
async function stopRecording(): Promise<void> {
  state.stopped = true;
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  await state.flushing;
  if (state.queue.size > 0) await flush();
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
}

/** What a feed's copy holds of an item (lib/news's FeedArticle, or a blog post). */
export interface RecordedArticle {
  guid?: string | null;
  title: string;
  description: string;
  /** Searched, never shown (a post's keywords and body); null: keep what is recorded. */
  body?: string | null;
  link: string;
  imageUrl: string;
  /** ISO 8601, or null. */
  pubDate: string | null;
}

function toInput(article: RecordedArticle): ArchiveItemInput {
  const published = article.pubDate ? Date.parse(article.pubDate) : NaN;
  return {
    key: article.guid || article.link,
    title: article.title,
    description: article.description,
    body: article.body === undefined ? "" : article.body,
    link: article.link,
    imageUrl: article.imageUrl,
    publishedAt: Number.isFinite(published) ? published : null,
  };
}

/** Says where the network's carriage comes from (instrumentation-node.ts). */
export function setCarriageSource(source: () => readonly CarriageRow[]): void {
  state.carriage = source;
}

/** A build reads feeds and the blog for the pages it prerenders: the running site records. */
const building = () => process.env.NEXT_PHASE === "phase-production-build";

/** Queues a feed's items, seen at `seenAt`, for the archive. */
export function recordFeed(
  feed: string,
  articles: readonly RecordedArticle[],
  seenAt = Date.now(),
): void {
  if (building()) return;
  let batch = state.queue.get(feed);
  if (!batch) state.queue.set(feed, (batch = new Map()));
  for (const article of articles) {
    const item = toInput(article);
    const known = batch.get(item.key);
    if (!known) state.queued++;
    batch.set(item.key, { item, seenAt: known ? Math.min(known.seenAt, seenAt) : seenAt });
  }
  bound();
  schedule(FLUSH_DELAY_MS);
}

function bound(): void {
  for (const [feed, batch] of state.queue) {
    if (state.queued <= MAX_QUEUED) return;
    state.queue.delete(feed);
    state.queued -= batch.size;
    logger().error(
      { event: "archive-dropped", feed, items: batch.size },
      `archive: queue full, dropped ${feed}`,
    );
  }
}

function schedule(delay: number): void {
  if (state.timer || state.stopped) return;
  state.timer = setTimeout(() => {
    state.timer = null;
    void flush();
  }, delay);
  state.timer.unref();
}

async function syncCarriage(): Promise<void> {
  const rows = state.carriage?.() ?? [];
  // The source answers the same list while the network is unchanged; a new list with the same
  // rows is compared row by row (a network's 45,000 rows: a millisecond, where serialising them
  // to compare took a tenth of a second of the server's thread at start).
  if (rows === state.syncedRows) return;
  if (!state.syncedRows || !sameRows(rows, state.syncedRows))
    await withArchive((engine) => engine.syncCarriage(rows, Date.now()), WRITE_TIMEOUT_MS);
  state.syncedRows = rows;
}

function sameRows(a: readonly CarriageRow[], b: readonly CarriageRow[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (row, n) =>
        row.publication === b[n]!.publication &&
        row.section === b[n]!.section &&
        row.feed === b[n]!.feed &&
        row.rank === b[n]!.rank,
    )
  );
}

/** Writes what is queued; on failure keeps it and tries again later. Resolves when done. */
export function flush(): Promise<void> {
  state.flushing ??= flushQueue().finally(() => (state.flushing = null));
  return state.flushing;
}

/** Puts a batch that could not be written back in the queue, under what came since. */
function requeue(feed: string, batch: Map<string, Queued>): void {
  const current = state.queue.get(feed);
  if (!current) return void state.queue.set(feed, batch);
  for (const [key, queued] of batch) {
    const later = current.get(key);
    if (later) state.queued--;
    current.set(
      key,
      later ? { item: later.item, seenAt: Math.min(later.seenAt, queued.seenAt) } : queued,
    );
  }
}

/** Most items written in one call (one transaction). */
const MAX_WRITE = 5000;

/** A queued feed's items as batches, one per moment they were first seen. */
function batchesOf(feed: string, batch: Map<string, Queued>): RecordBatch[] {
  const groups = new Map<number, ArchiveItemInput[]>();
  for (const { item, seenAt } of batch.values()) {
    const group = groups.get(seenAt);
    if (group) group.push(item);
    else groups.set(seenAt, [item]);
  }
  return [...groups].map(([seenAt, items]) => ({ feed, items, seenAt }));
}

async function flushQueue(): Promise<void> {
  // Taken whole: what is queued while it is written waits for the next flush.
  const taken = [...state.queue];
  state.queue = new Map();
  try {
    await syncCarriage();
  } catch (error) {
    return failed(taken, error);
  }
  // After a failure, feed by feed: a batch the database refuses (whatever in it, it cannot
  // take) holds back its own feed, and is tried last, not every feed queued with it. A first
  // write that fails, or two in a row, hold back the rest too (the database away).
  const alone = state.failures > 0;
  let next = 0;
  let wrote = false;
  let lastFailed = false;
  let failure: { error: unknown } | null = null;
  const held: (typeof taken)[number][] = [];
  while (next < taken.length) {
    // Several feeds at a time: one transaction takes them far faster than one each.
    let end = next;
    let size = 0;
    while (
      end < taken.length &&
      (end === next || (!alone && size + taken[end]![1].size <= MAX_WRITE))
    )
      size += taken[end++]![1].size;
    const part = taken.slice(next, end);
    next = end;
    try {
      const batches = part.flatMap(([feed, batch]) => batchesOf(feed, batch));
      await withArchive((engine) => engine.record(batches), WRITE_TIMEOUT_MS);
      state.queued -= size;
      wrote = true;
      lastFailed = false;
    } catch (error) {
      held.push(...part);
      failure ??= { error };
      if (!alone || !wrote || lastFailed)
        return failed([...taken.slice(next), ...held], failure.error);
      lastFailed = true;
    }
  }
  if (failure) return failed(held, failure.error);
  if (state.failures > 0)
    logger().info({ event: "archive-recording-resumed" }, "archive: recording again");
  state.failures = 0;
  if (state.queue.size > 0) return schedule(FLUSH_DELAY_MS);
  // Nothing left: a retry still timed is not needed.
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
}

/** Batches that could not be written, queued again under what came since; a retry later. */
function failed(batches: [string, Map<string, Queued>][], error: unknown): void {
  for (const [feed, batch] of batches) requeue(feed, batch);
  if (state.failures === 0)
    logger().error(
      {
        event: "archive-recording-paused",
        err: error instanceof Error ? error.message : String(error),
      },
      "archive: cannot record now; queued until it can",
    );
  state.failures++;
  schedule(RETRY_MS[Math.min(state.failures - 1, RETRY_MS.length - 1)]!);
}

/** Queues the carriage's sync, so an archive with no reads yet knows its publications. */
export function recordCarriage(): void {
  schedule(0);
}
