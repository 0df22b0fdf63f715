import { DAY_PARTS, readDay, type CalendarDay, type DayPart } from "../archive";

/**
 * What an address below /archive names: the archive itself (/archive), a month
 * (/archive/2026/11), a day (/archive/2026/11/30) or a part of a busy day, by the hour it
 * begins (/archive/2026/11/30/06, 12 or 18; its first part is the day's own address). Anything
 * else (a year alone, a month 13, November 31, an hour 00 or 07, letters, more segments) names
 * nothing: the route answers 404.
 */
export type ArchiveAddress =
  | { kind: "index" }
  | { kind: "month"; year: number; month: number }
  | { kind: "day"; day: CalendarDay; part: DayPart | null };

/** "06", "12", "18": a part's segment (the first part has none). */
function readPart(segment: string): DayPart | null {
  const part = DAY_PARTS.find((hour) => hour > 0 && segment === String(hour).padStart(2, "0"));
  return part ?? null;
}

export function readArchiveAddress(segments: readonly string[] | undefined): ArchiveAddress | null {
  if (!segments || segments.length === 0) return { kind: "index" };
  const [year = "", month, day, hour, ...rest] = segments;
  if (month === undefined || rest.length > 0) return null;
  if (day === undefined) {
    const first = readDay(year, month, "01");
    return first ? { kind: "month", year: first.year, month: first.month } : null;
  }
  const value = readDay(year, month, day);
  const part = hour === undefined ? null : readPart(hour);
  if (!value || (hour !== undefined && part === null)) return null;
  return { kind: "day", day: value, part };
}
