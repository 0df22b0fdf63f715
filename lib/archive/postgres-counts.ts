import { countRanges, type FeedCarriage, type Ranges } from "./hour-counts";
import type { Query } from "./postgres-pool";
import { carried, IN_FEEDS } from "./postgres-query";

/**
 * The shared engine's calendar counts: feed_hours, corrected by carriage and withdrawals
 * (hour-counts.ts decides; the embedded engine answers the same questions in sqlite/).
 */

/**
 * Each question of a page asked once for all its ranges (hour-counts.ts): the ranges given as
 * two arrays, each range's count a subquery, in the ranges' order. `$first` and `$end` are the
 * placeholders of the arrays of bounds.
 */
const perRange = (count: string, first: string, end: string) => `SELECT (${count}) AS n
  FROM unnest(${first}::bigint[], ${end}::bigint[]) WITH ORDINALITY AS r (lo, hi, k)
  ORDER BY r.k`;

/** $1 publication, $2 feeds, [$3, $4) moments: its carried items of those feeds. */
const COUNT_CARRIED = perRange(
  `SELECT count(*) FROM items i
    WHERE i.feed = ANY ($2::text[]) AND i.at >= r.lo AND i.at < r.hi AND ${carried(null)}`,
  "$3",
  "$4",
);

/** $1 publication, [$2, $3) moments: its carried items it withdrew, found by link. */
const COUNT_WITHDRAWN = perRange(
  `SELECT count(DISTINCT i.id) FROM withdrawals w JOIN items i ON i.link = w.link
    WHERE w.publication IN ($1, '*') AND ${IN_FEEDS} AND i.at >= r.lo AND i.at < r.hi
      AND ${carried(null)}`,
  "$2",
  "$3",
);

/** $1 feeds, [$2, $3) hours: their items, from feed_hours. */
const COUNT_HOURS = perRange(
  `SELECT coalesce(sum(items), 0) FROM feed_hours
    WHERE feed = ANY ($1::text[]) AND hour >= r.lo AND hour < r.hi`,
  "$2",
  "$3",
);

/** Bounds of moments as PostgreSQL's bigint compares them (`at >= 1.5` is `at >= 2`). */
const bounds = (ranges: Ranges) => [
  ranges.map(([from]) => Math.ceil(from)),
  ranges.map(([, to]) => Math.ceil(to)),
];

export function countIn(query: Query, pub: string, ranges: Ranges): Promise<number[]> {
  const each = async (text: string, values: unknown[]) =>
    (await query<{ n: number | string }>(text, values)).map((row) => Number(row.n));
  return countRanges(ranges, {
    carriage: () =>
      query<FeedCarriage>(
        `SELECT c.feed, c.since, c.until, f.first_seen AS "firstSeen" FROM carriage c
          LEFT JOIN feed_firsts f ON f.feed = c.feed WHERE c.publication = $1`,
        [pub],
      ),
    hours: (feeds, spans) => each(COUNT_HOURS, [feeds, ...bounds(spans)]),
    exact: (feeds, spans) => each(COUNT_CARRIED, [pub, feeds, ...bounds(spans)]),
    withdrawn: (spans) => each(COUNT_WITHDRAWN, [pub, ...bounds(spans)]),
  });
}
