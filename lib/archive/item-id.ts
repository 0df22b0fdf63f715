import type { ArchiveItemInput, RecordBatch } from "./types";

/**
 * An item's moment and id, the same in both engines and on every instance.
 *
 * The moment is the feed's date, never later than when the site first saw it (a feed that
 * dates an item tomorrow, or gives no usable date, is not believed past that), and never
 * before 1990 (no feed carries the 1970 of a date that failed to parse).
 *
 * The id orders items by moment: the moment's second in the high bits, 20 bits of the item's
 * feed and key below. "Newest first" is then the engines' own order of ids (an index, read
 * backwards, or FTS5's rowids), never a sort of every match. Two instances recording one item
 * make one id; two items of the same second whose hashes meet are told apart by nextId.
 */
const EARLIEST = Date.UTC(1990, 0, 1);
/** The ids of one second: 2^20 of them. */
export const LOW_BITS = 2 ** 20;

export function momentOf(item: Pick<ArchiveItemInput, "publishedAt">, seenAt: number): number {
  const published = item.publishedAt;
  if (published === null || !Number.isFinite(published) || published < EARLIEST) return seenAt;
  return Math.min(published, seenAt);
}

/** FNV-1a, 32 bits: enough to spread the items of one second over 2^20 ids. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i);
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}

export function itemId(feed: string, key: string, moment: number): number {
  return Math.floor(moment / 1000) * LOW_BITS + (hash(`${feed}\n${key}`) % LOW_BITS);
}

/** The id after `id` within the same second (a collision's second choice). */
export function nextId(id: number): number {
  const second = Math.floor(id / LOW_BITS);
  return second * LOW_BITS + ((id - second * LOW_BITS + 1) % LOW_BITS);
}

/** The lowest id of a moment's second: ids at or above it are that moment or later. */
export function firstIdAt(moment: number): number {
  return Math.floor(moment / 1000) * LOW_BITS;
}

/**
 * An hour: a known item's last sighting is renewed at most this often, and a carriage opened
 * after the first covers the last hour's reads (both engines).
 */
export const SIGHTING_MS = 60 * 60 * 1000;

/** The row a record() finds for an item, as both engines keep it. */
export interface RecordedRow {
  title: string;
  description: string;
  body: string;
  link: string;
  image: string;
}

/** Whether the feed edited the item: its text, link or photo differ from the recorded row. */
export function isEdited(row: RecordedRow, item: ArchiveItemInput & { body: string }): boolean {
  return (
    row.title !== item.title ||
    row.description !== item.description ||
    row.body !== item.body ||
    row.link !== item.link ||
    row.image !== item.imageUrl
  );
}

/**
 * Text as both engines store it: no NUL (PostgreSQL's text cannot hold one) and no lone
 * surrogate, so what is stored is what is read back, on either engine.
 */
export const storedText = (text: string) => text.toWellFormed().replaceAll("\0", "");

/**
 * Items written in one transaction, and rows pruned in one, on both engines: each step holds
 * the write lock a fraction of a second (about 330 ms for 500 new items with their stories at a
 * million headlines, on SQLite's writer at 1,500 items a second), so other writers, and on
 * SQLite the checkpoint, are never held for seconds by a long flush; readers are not held at
 * all (WAL, PostgreSQL's snapshots). Steps of 1,000 or 2,000 wrote no faster (1,472 and 1,437
 * items a second against 1,382 and 1,503 with 500, into copies of that archive, 2026-12-05).
 */
export const WRITE_STEP = 500;
export const PRUNE_STEP = 1000;

/** Reads as steps of WRITE_STEP items at most (a read longer than a step is cut), in order. */
export function* writeSteps(batches: readonly RecordBatch[]): Generator<RecordBatch[]> {
  let step: RecordBatch[] = [];
  let size = 0;
  for (const batch of batches)
    for (let start = 0; start < batch.items.length;) {
      const items = batch.items.slice(start, start + WRITE_STEP - size);
      step.push({ ...batch, items });
      size += items.length;
      start += items.length;
      if (size === WRITE_STEP) {
        yield step;
        step = [];
        size = 0;
      }
    }
  if (step.length > 0) yield step;
}
