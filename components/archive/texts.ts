import type { ArchiveDayPage } from "@/lib/archive";
import type { ArchiveMonthPage } from "@/lib/archive-pages";
import { formatCalendarDay, formatMonth } from "@/lib/dates";
import type { Publication } from "@/lib/publication";

/** The archive pages' words: the metadata and the page itself say the same. */

const count = new Intl.NumberFormat("en-US");

/** "42 headlines", "1 headline". */
export function headlineCount(value: number): string {
  return `${count.format(value)} ${value === 1 ? "headline" : "headlines"}`;
}

export function monthTexts(publication: Publication, month: ArchiveMonthPage) {
  const name = formatMonth(month.year, month.month);
  return {
    title: `Headlines of ${name}`,
    description: `Every headline ${publication.name} carried in ${name}, day by day: ${headlineCount(month.count)} from every section and the blog.`,
  };
}

export function dayTexts(publication: Publication, day: ArchiveDayPage) {
  const name = formatCalendarDay(day.day);
  return {
    title: `Headlines of ${name}`,
    description: `What ${publication.name} carried on ${name}: ${headlineCount(day.headlines.length)}, section by section, each with its time and source.`,
  };
}
