/**
 * Dates as readers see them: long US format, e.g. "November 21, 2026", in the publication's
 * time zone (`Publication.timeZone`: its entry's `timeZone`, else TIME_ZONE, else
 * America/Chicago), so that a network spanning the continent dates each story as its town does.
 */

const LONG_US: Intl.DateTimeFormatOptions = { month: "long", day: "numeric", year: "numeric" };

/** One formatter per time zone (a network has a handful): building one costs more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function longUs(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { ...LONG_US, timeZone });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The day `date` falls on in `timeZone`, in long US format. */
export function formatLongDate(date: Date, timeZone: string): string {
  return longUs(timeZone).format(date);
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A bare calendar date ("2026-06-03") as midnight UTC of that day, or null for other text
 * and for days that do not exist ("2026-02-30" would otherwise parse as March 2).
 */
export function parseCalendarDay(value: string): Date | null {
  if (!CALENDAR_DAY.test(value)) return null;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value) ? day : null;
}

/**
 * A publication date as written by an editor or a host: a calendar day or a date-time.
 * Null when it is neither (or an impossible day).
 */
export function parsePublishedDate(value: string): Date | null {
  if (CALENDAR_DAY.test(value)) return parseCalendarDay(value);
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A publication date for readers: a date-time on the day it falls on in `timeZone`; a bare
 * calendar day is that day everywhere, not midnight UTC shifted into the publication's zone;
 * text that is no date is shown as written.
 */
export function formatPublishedDate(value: string, timeZone: string): string {
  const date = parsePublishedDate(value);
  if (!date) return value;
  return longUs(CALENDAR_DAY.test(value) ? "UTC" : timeZone).format(date);
}

/** A calendar day as the archive names it: a date without a zone. */
interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const calendar = {
  day: new Intl.DateTimeFormat("en-US", { ...LONG_US, weekday: "long", timeZone: "UTC" }),
  shortDay: new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", timeZone: "UTC" }),
  month: new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" }),
};
const noonOf = ({ year, month, day }: CalendarDate) => new Date(Date.UTC(year, month - 1, day, 12));

/** A calendar day for readers, the same in every zone: "Monday, November 30, 2026". */
export function formatCalendarDay(day: CalendarDate): string {
  return calendar.day.format(noonOf(day));
}

/** "November 30": a day named beside its month and year. */
export function formatShortCalendarDay(day: CalendarDate): string {
  return calendar.shortDay.format(noonOf(day));
}

/** "November 2026". */
export function formatMonth(year: number, month: number): string {
  return calendar.month.format(noonOf({ year, month, day: 1 }));
}

/** The day of the week, 0 (Sunday) to 6, as a US calendar's columns are ordered. */
export function weekdayOf(day: CalendarDate): number {
  return noonOf(day).getUTCDay();
}

const times = new Map<string, Intl.DateTimeFormat>();

/** The time of day `date` is in `timeZone`, as readers of US papers see it: "3:45 PM". */
export function formatTime(date: Date, timeZone: string): string {
  let formatter = times.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone });
    times.set(timeZone, formatter);
  }
  return formatter.format(date);
}

/** How many days the month has (February of a leap year: 29). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
