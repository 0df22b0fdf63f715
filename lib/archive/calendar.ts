import { withArchive } from "./engine";
import { dayOf, dayRange, daysInMonth, monthRange, type CalendarDay } from "./days";
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

/** Months with headlines, latest first, each with its count. */
export async function archiveMonths(owner: ArchiveOwner): Promise<MonthCount[]> {
  const span = await withArchive((engine) => engine.span(owner.key));
  if (!span) return [];
  const first = dayOf(span.first, owner.timeZone);
  const last = dayOf(Math.min(span.last, Date.now()), owner.timeZone);
  const months: { year: number; month: number }[] = [];
  for (
    let { year, month } = last;
    year > first.year || (year === first.year && month >= first.month);
  ) {
    months.push({ year, month });
    [year, month] = month === 1 ? [year - 1, 12] : [year, month - 1];
  }
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

export interface ArchiveDayPage {
  day: CalendarDay;
  headlines: ArchivedHeadline[];
  /** The nearest days with headlines; null when there is none. */
  previous: CalendarDay | null;
  next: CalendarDay | null;
  /** Whether the day is over (a past day changes only when a headline is withdrawn). */
  complete: boolean;
}

/** A day's headlines, oldest first; null for a day with none, or one still to come. */
export async function archiveDay(
  owner: ArchiveOwner,
  day: CalendarDay,
): Promise<ArchiveDayPage | null> {
  const [from, to] = dayRange(day, owner.timeZone);
  const now = Date.now();
  if (from > now) return null;
  const [headlines, before, after] = await withArchive((engine) =>
    Promise.all([
      engine.between(owner.key, from, to, DAY_LIMIT),
      engine.nearest(owner.key, from, "before"),
      engine.nearest(owner.key, to, "after"),
    ]),
  );
  if (headlines.length === 0) return null;
  return {
    day,
    headlines,
    previous: before === null ? null : dayOf(before, owner.timeZone),
    next: after === null || after > now ? null : dayOf(after, owner.timeZone),
    complete: to <= now,
  };
}
