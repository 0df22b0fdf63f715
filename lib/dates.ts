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

/**
 * A publication date as written by an editor or a host: a bare calendar date ("2026-06-03")
 * is that day everywhere, not midnight UTC shifted into the newsroom's time zone.
 */
export function formatPublishedDate(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return LONG_US_CALENDAR.format(new Date(`${value}T00:00:00Z`));
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : LONG_US.format(date);
}
