import { readDay, type CalendarDay } from "../archive";

/**
 * What an address below /archive names: the archive itself (/archive), a month
 * (/archive/2026/11) or a day (/archive/2026/11/30). Anything else (a year alone, a month 13,
 * November 31, letters, more segments) names nothing: the route answers 404.
 */
export type ArchiveAddress =
  | { kind: "index" }
  | { kind: "month"; year: number; month: number }
  | { kind: "day"; day: CalendarDay };

export function readArchiveAddress(segments: readonly string[] | undefined): ArchiveAddress | null {
  if (!segments || segments.length === 0) return { kind: "index" };
  const [year = "", month, day, ...rest] = segments;
  if (month === undefined || rest.length > 0) return null;
  if (day === undefined) {
    const first = readDay(year, month, "01");
    return first ? { kind: "month", year: first.year, month: first.month } : null;
  }
  const value = readDay(year, month, day);
  return value ? { kind: "day", day: value } : null;
}
