import type { ArchiveItemInput } from "./types";

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
