/**
 * A publication's days as ranges of moments. A day is a calendar day in the publication's
 * time zone: it begins at that zone's midnight and lasts 23, 24 or 25 hours.
 */

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const parts = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = parts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    parts.set(timeZone, format);
  }
  return format;
}

function wallClock(moment: number, timeZone: string): Record<string, number> {
  const values: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(moment))
    if (part.type !== "literal") values[part.type] = Number(part.value);
  return values;
}

/** The zone's offset from UTC at `moment`, ms. */
function offsetAt(moment: number, timeZone: string): number {
  const w = wallClock(moment, timeZone);
  return (
    Date.UTC(w.year!, w.month! - 1, w.day!, w.hour!, w.minute!, w.second!) -
    Math.floor(moment / 1000) * 1000
  );
}

/**
 * Days' starts worked out, by zone and day. Each costs four of Intl's formatToParts, and the
 * calendar's pages ask hundreds (the archive's index, every day of every month twice: about
 * 11 ms of the server's thread a render); a network's zones are few, so a year of days in
 * each is a few thousand entries. Emptied when full (STARTS_KEPT): the next asks refill it.
 */
const starts = new Map<string, number>();
const STARTS_KEPT = 20_000;

/** The moment the day begins in `timeZone`. */
export function startOfDay(day: CalendarDay, timeZone: string): number {
  return startOfHour(day, 0, timeZone);
}

/** The moment the day's clocks in `timeZone` show `hour`:00. */
export function startOfHour(
  { year, month, day }: CalendarDay,
  hour: number,
  timeZone: string,
): number {
  const key = `${timeZone} ${year} ${month} ${day} ${hour}`;
  const known = starts.get(key);
  if (known !== undefined) return known;
  const wall = Date.UTC(year, month - 1, day, hour);
  let start = wall - offsetAt(wall, timeZone);
  // Across a change of offset, the first guess is an hour off: correct it once.
  start = wall - offsetAt(start, timeZone);
  if (starts.size >= STARTS_KEPT) starts.clear();
  starts.set(key, start);
  return start;
}

/** [from, to) of the day. */
export function dayRange(day: CalendarDay, timeZone: string): [number, number] {
  return [startOfDay(day, timeZone), startOfDay(nextDay(day), timeZone)];
}

/** [from, to) of the month. */
export function monthRange(year: number, month: number, timeZone: string): [number, number] {
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return [startOfDay({ year, month, day: 1 }, timeZone), startOfDay({ ...next, day: 1 }, timeZone)];
}

/** The day `moment` falls on in `timeZone`. */
export function dayOf(moment: number, timeZone: string): CalendarDay {
  const w = wallClock(moment, timeZone);
  return { year: w.year!, month: w.month!, day: w.day! };
}

export function nextDay({ year, month, day }: CalendarDay): CalendarDay {
  const date = new Date(Date.UTC(year, month - 1, day + 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (value: number) => String(value).padStart(2, "0");

/** "2026-11-30". */
export function isoDay({ year, month, day }: CalendarDay): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** "2026/11/30", "2026/11": the archive's paths. */
export function dayPath({ year, month, day }: CalendarDay): string {
  return `/archive/${year}/${pad(month)}/${pad(day)}`;
}
/** "/archive/2026/11/30/06": a part of a busy day, by the hour it begins (calendar.ts). */
export function dayPartPath(day: CalendarDay, hour: number): string {
  return `${dayPath(day)}/${pad(hour)}`;
}
export function monthPath(year: number, month: number): string {
  return `/archive/${year}/${pad(month)}`;
}

/** A calendar day from "YYYY-MM-DD" (or its parts), null when malformed or not a real day. */
export function readDay(year: string, month: string, day: string): CalendarDay | null {
  if (!/^\d{4}$/.test(year) || !/^\d{2}$/.test(month) || !/^\d{2}$/.test(day)) return null;
  const value = { year: Number(year), month: Number(month), day: Number(day) };
  if (value.year < 1990 || value.month < 1 || value.month > 12) return null;
  if (value.day < 1 || value.day > daysInMonth(value.year, value.month)) return null;
  return value;
}

export function readIsoDay(text: string): CalendarDay | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match ? readDay(match[1]!, match[2]!, match[3]!) : null;
}
