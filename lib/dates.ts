/** Dates as readers see them: long US format, e.g. "November 21, 2026", in the newsroom's time zone. */
const NEWSROOM_TIME_ZONE = "America/Chicago";

const LONG_US = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: NEWSROOM_TIME_ZONE,
});

const LONG_US_CALENDAR = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

export function formatLongDate(date: Date): string {
  return LONG_US.format(date);
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
 * A publication date for readers: a bare calendar day is that day everywhere, not midnight
 * UTC shifted into the newsroom's time zone; text that is no date is shown as written.
 */
export function formatPublishedDate(value: string): string {
  const date = parsePublishedDate(value);
  if (!date) return value;
  return CALENDAR_DAY.test(value) ? LONG_US_CALENDAR.format(date) : LONG_US.format(date);
}
