/** Dates as readers see them: long US format, e.g. "November 21, 2026", in the newsroom's time zone. */
const NEWSROOM_TIME_ZONE = "America/Chicago";

const LONG_US = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: NEWSROOM_TIME_ZONE,
});

export function formatLongDate(date: Date): string {
  return LONG_US.format(date);
}
