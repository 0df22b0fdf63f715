/**
 * A count of matches that stops when it would cost. The embedded engine steps through a
 * search's matches in id order (ids are ordered by moment: item-id.ts), and stops when it has
 * counted past `cap`, or when it has spent `budgetMs`: then it says about how many, what it
 * counted scaled by the part of the ids it passed. A phrase of two common words ("small
 * town") has few matches among a great many rows with both words, and FTS5 reads every one of
 * those rows to count them (250 ms at ten million headlines); its first ones are counted in a
 * few milliseconds.
 */

export interface BudgetedCount {
  /** Counted (up to cap + 1), or estimated. */
  total: number;
  estimated: boolean;
}

/** How often the clock is read: every this many matches. */
const CLOCK_EVERY = 16;

/**
 * `ids`: the matches' ids, ascending, from `range.low`; `range.high`, past the last id there can
 * be. `now()`: a clock in ms (performance.now).
 */
export function budgetedCount(
  ids: Iterable<number>,
  range: { low: number; high: number },
  cap: number,
  budgetMs: number,
  now: () => number,
): BudgetedCount {
  const started = now();
  let counted = 0;
  for (const id of ids) {
    counted++;
    if (counted > cap) return { total: counted, estimated: false };
    if (counted % CLOCK_EVERY === 0 && now() - started > budgetMs) {
      const passed = Math.max(1, id + 1 - range.low);
      const span = Math.max(passed, range.high - range.low);
      return { total: Math.round((counted * span) / passed), estimated: span > passed };
    }
  }
  return { total: counted, estimated: false };
}
