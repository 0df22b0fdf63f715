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

/** A count of matches takes this long at most (both engines); past it, it is an estimate. */
export const COUNT_BUDGET_MS = 30;

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
    if (counted % CLOCK_EVERY === 0 && now() - started > budgetMs)
      return scaled(counted, id + 1 - range.low, range.high - range.low);
  }
  return { total: counted, estimated: false };
}

/** What was counted in `passed` ids of `span`, scaled to the span. */
function scaled(counted: number, passed: number, span: number): BudgetedCount {
  const seen = Math.max(1, passed);
  const all = Math.max(seen, span);
  return { total: Math.round((counted * all) / seen), estimated: all > seen };
}

/** The first window of a windowed count: a day's ids (item-id.ts: a second is 2^20 ids). */
export const FIRST_WINDOW = 86_400 * 2 ** 20;

/**
 * The same count for an engine that counts a range of ids in one statement (PostgreSQL, whose
 * walk reads a row of a feed a page): the matches between two ids, `countBetween(low, high,
 * limit)` (low included, up to limit), asked window by window from `range.high` down, each
 * window twice the one before from FIRST_WINDOW. A window holds about twice the rows of the
 * one before, so the count stops when the next would take it past its budget (twice the last
 * window's time; a window that is all round trip, a few rows, costs as little the next time),
 * and says about how many, scaled by the part of the ids it passed.
 */
export async function windowedCount(
  countBetween: (low: number, high: number, limit: number) => Promise<number>,
  range: { low: number; high: number },
  cap: number,
  budgetMs: number,
  now: () => number,
): Promise<BudgetedCount> {
  const started = now();
  let counted = 0;
  let top = range.high;
  let last = 0;
  for (let width = FIRST_WINDOW; top > range.low; width *= 2) {
    const asked = now();
    if (top < range.high && asked - started + 2 * last > budgetMs)
      return scaled(counted, range.high - top, range.high - range.low);
    const bottom = Math.max(range.low, top - width);
    counted += await countBetween(bottom, top, cap + 1 - counted);
    if (counted > cap) return { total: counted, estimated: false };
    last = now() - asked;
    top = bottom;
  }
  return { total: counted, estimated: false };
}
