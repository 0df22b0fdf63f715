/**
 * Calendar counts kept as headlines are recorded, the same design on both engines: each feed's
 * items counted per hour of their moment (`feed_hours`, written with the items, lowered when
 * they are pruned), and each feed's first sighting (`feed_firsts`). A month page, the archive's
 * index and a month's days then read a few rows per feed and hour, never the headlines: their
 * cost grows with feeds and days, not with what the feeds carried.
 *
 * Carriage corrects it. A publication whose carriage of a feed is one row in force since
 * before the feed's first item carried every item of it: its hours are read. A feed it took
 * up later, or dropped, carried only the items in the feed while it did: those are counted
 * from the items themselves, as before (a feed's items in the range, from its own index).
 * Withdrawn items are subtracted as every engine always has (few, found by link). A range
 * that does not start or end on an hour (a zone half an hour off UTC) counts its edges from
 * the items too.
 *
 * Only type imports here and in what the engines' workers load besides: lib/archive/sqlite's
 * worker runs this file as Node loads it (sqlite/worker.ts).
 */

export const HOUR_MS = 3_600_000;

/** The hour an item's moment falls in (both engines store it as this integer). */
export const hourOf = (moment: number) => Math.floor(moment / HOUR_MS);

/** One carriage row of a publication's feed, with the feed's first sighting (null: none yet). */
export interface FeedCarriage {
  feed: string;
  since: number;
  until: number | null;
  firstSeen: number | null;
}

/**
 * The publication's feeds split: those every item of which it carried (one row in force since
 * before the feed's first sighting), and the others.
 */
export function splitFeeds(rows: readonly FeedCarriage[]): { whole: string[]; partial: string[] } {
  const whole = new Set<string>();
  const all = new Set<string>();
  for (const row of rows) {
    all.add(row.feed);
    if (row.until === null && (row.firstSeen === null || row.since <= row.firstSeen))
      whole.add(row.feed);
  }
  return {
    whole: [...whole].sort(),
    partial: [...all].filter((feed) => !whole.has(feed)).sort(),
  };
}

/** [from, to) as whole hours [first, end) and the edges before and after them. */
export function splitRange(
  from: number,
  to: number,
): { hours: readonly [number, number] | null; edges: (readonly [number, number])[] } {
  const first = Math.ceil(from / HOUR_MS);
  const end = Math.floor(to / HOUR_MS);
  if (first >= end) return { hours: null, edges: to > from ? [[from, to]] : [] };
  const edges: (readonly [number, number])[] = [];
  if (first * HOUR_MS > from) edges.push([from, first * HOUR_MS]);
  if (end * HOUR_MS < to) edges.push([end * HOUR_MS, to]);
  return { hours: [first, end], edges };
}

/** Ranges of moments [from, to), or of hours [first, end). */
export type Ranges = readonly (readonly [number, number])[];

/**
 * What an engine answers for counting, each question asked once for all the ranges of a page
 * (a month's 31 days, the index's months): a handful of statements a page, not two a range (on
 * the shared engine each is a round trip, and a page waited for 60 of them in turn). Each may
 * be synchronous (SQLite's worker) or not; each gives one count a range, in their order.
 */
export interface CountReads {
  /** The publication's carriage rows, each with its feed's first sighting. */
  carriage(): Promise<FeedCarriage[]> | FeedCarriage[];
  /** The items of `feeds` in each span of hours [first, end), from feed_hours. */
  hours(feeds: readonly string[], spans: Ranges): Promise<number[]> | number[];
  /** The publication's carried items of `feeds` in each [from, to), from the items. */
  exact(feeds: readonly string[], ranges: Ranges): Promise<number[]> | number[];
  /** The publication's carried items in each [from, to) that it withdrew. */
  withdrawn(ranges: Ranges): Promise<number[]> | number[];
}

/** How many headlines the publication shows in each range (countIn of both engines). */
export async function countRanges(ranges: Ranges, reads: CountReads): Promise<number[]> {
  if (ranges.length === 0) return [];
  const { whole, partial } = splitFeeds(await reads.carriage());
  const counts = ranges.map(() => 0);
  /** Adds each answer to the count of the range it was asked for. */
  const add = async (
    asked: { range: number; span: readonly [number, number] }[],
    read: (spans: Ranges) => Promise<number[]> | number[],
  ) => {
    if (asked.length === 0) return;
    const answers = await read(asked.map(({ span }) => span));
    for (const [n, { range }] of asked.entries()) counts[range]! += answers[n] ?? 0;
  };
  if (whole.length > 0) {
    const split = ranges.map(([from, to]) => splitRange(from, to));
    await add(
      split.flatMap(({ hours }, range) => (hours ? [{ range, span: hours }] : [])),
      (spans) => reads.hours(whole, spans),
    );
    await add(
      split.flatMap(({ edges }, range) => edges.map((span) => ({ range, span }))),
      (spans) => reads.exact(whole, spans),
    );
  }
  if (partial.length > 0)
    await add(
      ranges.map((span, range) => ({ range, span })),
      (spans) => reads.exact(partial, spans),
    );
  const shown = ranges.flatMap((span, range) => (counts[range]! > 0 ? [{ range, span }] : []));
  // Withdrawn items subtracted where there is anything to withdraw.
  await add(shown, async (spans) => (await reads.withdrawn(spans)).map((n) => -n));
  return counts;
}

/** New items' hours, summed: (feed, hour) → items, in the one order both engines write them. */
export function hoursOf(items: Iterable<{ feed: string; at: number }>): [string, number, number][] {
  const counts = new Map<string, [string, number, number]>();
  for (const { feed, at } of items) {
    const hour = hourOf(at);
    const key = `${feed}\n${hour}`;
    const entry = counts.get(key);
    if (entry) entry[2]++;
    else counts.set(key, [feed, hour, 1]);
  }
  return [...counts.values()].sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? -1 : 1));
}

/** A feed carried over one span: [feed, since, until] (until null: still carried). */
export type CarriageSpan = [feed: string, since: number, until: number | null];

/**
 * `feeds` split by their carriage: those carried over one span (their rows, one a section, all
 * with the same since and until), counted from the items' own sightings in their index, and the
 * others, whose every item asks the carriage table which of its rows held it.
 */
export function carriageSpans(
  rows: readonly FeedCarriage[],
  feeds: readonly string[],
): { spans: CarriageSpan[]; others: string[] } {
  const wanted = new Set(feeds);
  const spans = new Map<string, CarriageSpan | null>();
  for (const { feed, since, until } of rows) {
    if (!wanted.has(feed)) continue;
    const span = spans.get(feed);
    if (span === undefined) spans.set(feed, [feed, since, until]);
    else if (span && (span[1] !== since || span[2] !== until)) spans.set(feed, null);
  }
  return {
    spans: [...spans.values()].filter((span): span is CarriageSpan => span !== null),
    others: feeds.filter((feed) => spans.get(feed) === null),
  };
}
