import { withArchive } from "./engine";
import {
  dayOf,
  dayRange,
  daysInMonth,
  monthRange,
  nextDay,
  startOfHour,
  type CalendarDay,
} from "./days";
import type { ArchivedHeadline } from "./types";

/**
 * The archive's calendar of one publication: its months, a month's days, a day's headlines,
 * in the publication's time zone. Every count and list leaves out what was withdrawn.
 * Throws ArchiveUnavailableError when the archive cannot answer.
 */

export interface ArchiveOwner {
  key: string;
  timeZone: string;
}

export interface MonthCount {
  year: number;
  month: number;
  count: number;
}

/** The most headlines a day page lists (a national feed's busiest day is a few hundred). */
export const DAY_LIMIT = 2000;

/** The months from the archive's first headline's to its last's (or now), latest first. */
function monthsOf(span: { first: number; last: number }, timeZone: string) {
  const first = dayOf(span.first, timeZone);
  const last = dayOf(Math.min(span.last, Date.now()), timeZone);
  const months: { year: number; month: number }[] = [];
  for (
    let { year, month } = last;
    year > first.year || (year === first.year && month >= first.month);
  ) {
    months.push({ year, month });
    [year, month] = month === 1 ? [year - 1, 12] : [year, month - 1];
  }
  return months;
}

/** Months with headlines, latest first, each with its count. */
export async function archiveMonths(owner: ArchiveOwner): Promise<MonthCount[]> {
  const span = await withArchive((engine) => engine.span(owner.key));
  if (!span) return [];
  const months = monthsOf(span, owner.timeZone);
  const counts = await withArchive((engine) =>
    engine.countIn(
      owner.key,
      months.map(({ year, month }) => monthRange(year, month, owner.timeZone)),
    ),
  );
  return months
    .map((month, index) => ({ ...month, count: counts[index] ?? 0 }))
    .filter((month) => month.count > 0);
}

export interface DayCount {
  day: CalendarDay;
  count: number;
}

export interface IndexMonth extends MonthCount {
  /** Its days with headlines, first to last. */
  days: DayCount[];
}

/**
 * The archive's index: every month with headlines, latest first, each with its count and its
 * days with headlines, as archiveMonths and archiveMonth count them, from one count of every
 * day of its months (a month's count is its days'). Asked a month at a time, and the months
 * again, it was fifteen counts a year, each its own few statements: 57 round trips to the
 * shared engine, 38.6 ms at p50 over a million headlines, 19.8 in one count (on SQLite, the
 * same beside a crawl: docs/benchmarks.md).
 */
export async function archiveIndex(owner: ArchiveOwner): Promise<IndexMonth[]> {
  const span = await withArchive((engine) => engine.span(owner.key));
  if (!span) return [];
  const months = monthsOf(span, owner.timeZone).map(({ year, month }) => ({
    year,
    month,
    days: Array.from({ length: daysInMonth(year, month) }, (_, index) => ({
      year,
      month,
      day: index + 1,
    })),
  }));
  const ranges = months.flatMap(({ days }) => days.map((day) => dayRange(day, owner.timeZone)));
  const counts = await withArchive((engine) => engine.countIn(owner.key, ranges));
  const now = Date.now();
  let at = 0;
  return months
    .map(({ year, month, days }) => {
      const counted = days.map((day, index) => ({
        day,
        count: counts[at + index] ?? 0,
        from: ranges[at + index]![0],
      }));
      at += days.length;
      return {
        year,
        month,
        count: counted.reduce((sum, { count }) => sum + count, 0),
        // Days still to come are counted in their month, as its range is, and not listed.
        days: counted
          .filter(({ count, from }) => count > 0 && from <= now)
          .map(({ day, count }) => ({ day, count })),
      };
    })
    .filter((month) => month.count > 0);
}

/** A month's days with headlines, first to last; null when the month is in the future. */
export async function archiveMonth(
  owner: ArchiveOwner,
  year: number,
  month: number,
): Promise<DayCount[] | null> {
  const [from] = monthRange(year, month, owner.timeZone);
  if (from > Date.now()) return null;
  const days = Array.from({ length: daysInMonth(year, month) }, (_, index) => ({
    year,
    month,
    day: index + 1,
  })).filter((day) => dayRange(day, owner.timeZone)[0] <= Date.now());
  const counts = await withArchive((engine) =>
    engine.countIn(
      owner.key,
      days.map((day) => dayRange(day, owner.timeZone)),
    ),
  );
  return days
    .map((day, index) => ({ day, count: counts[index] ?? 0 }))
    .filter((day) => day.count > 0);
}

/**
 * A day with more headlines than this is shown in parts (DAY_PARTS), a page each: at ten
 * million headlines a year a publication's day holds about 850, over a megabyte of page to
 * read from disk, render and send to a phone.
 */
export const DAY_PAGE = 250;
/** The parts of a busy day: the hour each begins at, in the publication's zone. */
export const DAY_PARTS = [0, 6, 12, 18] as const;
export type DayPart = (typeof DAY_PARTS)[number];

export interface DayPartCount {
  part: DayPart;
  count: number;
}

export interface ArchiveDayPage {
  day: CalendarDay;
  /** The part of the day shown, null for the whole day. */
  part: DayPart | null;
  headlines: ArchivedHeadline[];
  /** The day's headlines, every part. */
  count: number;
  /** The parts with headlines when the day is shown in parts (over DAY_PAGE); else null. */
  parts: DayPartCount[] | null;
  /** The nearest days with headlines; null when there is none. */
  previous: CalendarDay | null;
  next: CalendarDay | null;
  /** Whether the day is over (a past day changes only when a headline is withdrawn). */
  complete: boolean;
}

/** [from, to) of each of the day's parts (DAY_PARTS). */
export function dayPartRanges(day: CalendarDay, timeZone: string): [number, number][] {
  const starts = DAY_PARTS.map((hour) => startOfHour(day, hour, timeZone));
  return starts.map((from, index) => [
    from,
    starts[index + 1] ?? startOfHour(nextDay(day), 0, timeZone),
  ]);
}

/** The day and the part of it `moment` falls in, by the clocks of `timeZone`. */
export function dayPartOf(moment: number, timeZone: string): { day: CalendarDay; part: DayPart } {
  const day = dayOf(moment, timeZone);
  const part = DAY_PARTS.findLast((hour) => startOfHour(day, hour, timeZone) <= moment) ?? 0;
  return { day, part };
}

/**
 * A day's headlines, oldest first. A busy day's: the part asked (`part`), or its first part
 * with headlines; a part asked of a day shown whole is the whole day (a link to the part a
 * headline is in holds whatever the day's size). Null for a day with none, one still to
 * come, or a busy day's part with none. The day's counts are the kept hourly ones, so a busy
 * day's page reads the rows of its part only.
 */
export async function archiveDay(
  owner: ArchiveOwner,
  day: CalendarDay,
  part: DayPart | null = null,
): Promise<ArchiveDayPage | null> {
  const [from, to] = dayRange(day, owner.timeZone);
  const now = Date.now();
  if (from > now) return null;
  const ranges = dayPartRanges(day, owner.timeZone);
  const read = await withArchive(async (engine) => {
    const [counts, before, after] = await Promise.all([
      engine.countIn(owner.key, ranges),
      engine.nearest(owner.key, from, "before"),
      engine.nearest(owner.key, to, "after"),
    ]);
    const parts = DAY_PARTS.map((start, index) => ({ part: start, count: counts[index] ?? 0 }));
    const count = parts.reduce((sum, { count }) => sum + count, 0);
    const split = count > DAY_PAGE;
    const shown = split ? (part ?? parts.find(({ count }) => count > 0)!.part) : null;
    const index = shown === null ? -1 : DAY_PARTS.indexOf(shown);
    if (count === 0 || (index >= 0 && parts[index]!.count === 0)) return null;
    const [partFrom, partTo] = index >= 0 ? ranges[index]! : [from, to];
    const headlines = await engine.between(owner.key, partFrom, partTo, DAY_LIMIT);
    return {
      headlines,
      parts: split ? parts.filter(({ count }) => count > 0) : null,
      count,
      shown,
      before,
      after,
    };
  });
  if (read === null || read.headlines.length === 0) return null;
  const { before, after } = read;
  return {
    day,
    part: read.shown,
    headlines: read.headlines,
    count: read.count,
    parts: read.parts,
    previous: before === null ? null : dayOf(before, owner.timeZone),
    next: after === null || after > now ? null : dayOf(after, owner.timeZone),
    complete: to <= now,
  };
}
