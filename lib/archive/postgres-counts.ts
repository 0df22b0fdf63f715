import { countRanges, type FeedCarriage } from "./hour-counts";
import type { Query } from "./postgres-pool";
import { carried, IN_FEEDS } from "./postgres-query";

/**
 * The shared engine's calendar counts: feed_hours, corrected by carriage and withdrawals
 * (hour-counts.ts decides; the embedded engine answers the same questions in sqlite/).
 */

/** $1 publication, $2 feeds, [$3, $4) moments: its carried items of those feeds. */
const COUNT_CARRIED = `SELECT count(*) AS n FROM items i
  WHERE i.feed = ANY ($2::text[]) AND i.at >= $3 AND i.at < $4 AND ${carried(null)}`;

/** $1 publication, [$2, $3) moments: its carried items it withdrew, found by link. */
const COUNT_WITHDRAWN = `SELECT count(DISTINCT i.id) AS n
  FROM withdrawals w JOIN items i ON i.link = w.link
  WHERE w.publication IN ($1, '*') AND ${IN_FEEDS} AND i.at >= $2 AND i.at < $3
    AND ${carried(null)}`;

/** A bound of moments as PostgreSQL's bigint compares it (`at >= 1.5` is `at >= 2`). */
const bound = (moment: number) => Math.ceil(moment);

export function countIn(
  query: Query,
  pub: string,
  ranges: readonly (readonly [number, number])[],
): Promise<number[]> {
  const one = async (text: string, values: unknown[]) =>
    Number((await query<{ n: number }>(text, values))[0]?.n ?? 0);
  return countRanges(ranges, {
    carriage: () =>
      query<FeedCarriage>(
        `SELECT c.feed, c.since, c.until, f.first_seen AS "firstSeen" FROM carriage c
          LEFT JOIN feed_firsts f ON f.feed = c.feed WHERE c.publication = $1`,
        [pub],
      ),
    hours: (feeds, first, end) =>
      one(
        `SELECT coalesce(sum(items), 0) AS n FROM feed_hours
          WHERE feed = ANY ($1::text[]) AND hour >= $2 AND hour < $3`,
        [feeds, first, end],
      ),
    exact: (feeds, from, to) => one(COUNT_CARRIED, [pub, feeds, bound(from), bound(to)]),
    withdrawn: (from, to) => one(COUNT_WITHDRAWN, [pub, bound(from), bound(to)]),
  });
}
