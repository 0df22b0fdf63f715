import type { ArchiveDayPage, DayPart } from "@/lib/archive";
import type { ArchiveMonthPage, StoryPage } from "@/lib/archive-pages";
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

const PART_NAMES: Record<DayPart, string> = {
  0: "Midnight to 6 AM",
  6: "6 AM to noon",
  12: "Noon to 6 PM",
  18: "6 PM to midnight",
};

/** "Noon to 6 PM": a part of a busy day, by the hour it begins. */
export function dayPartName(part: DayPart): string {
  return PART_NAMES[part];
}

/** A day's page: the whole day, or a part of a busy one ("…, 6 AM to noon"). */
export function dayTexts(publication: Publication, day: ArchiveDayPage) {
  const name = formatCalendarDay(day.day);
  if (day.part === null)
    return {
      title: `Headlines of ${name}`,
      description: `What ${publication.name} carried on ${name}: ${headlineCount(day.headlines.length)}, section by section, each with its time and source.`,
    };
  const partName = dayPartName(day.part);
  const part = partName.charAt(0).toLowerCase() + partName.slice(1);
  return {
    title: `Headlines of ${name}, ${part}`,
    description: `What ${publication.name} carried on ${name}, ${part}: ${headlineCount(day.headlines.length)} of the day's ${count.format(day.count)}, section by section, each with its time and source.`,
  };
}

/**
 * A story's words: its lead's title; "3 reports from 3 sources" (the page's line under it);
 * the same with the sources named, for search engines and shares.
 */
export function storyTexts(story: StoryPage) {
  const reports = story.headlines.length;
  const sources = story.sources;
  const summary = `${count.format(reports)} ${reports === 1 ? "report" : "reports"} from ${count.format(sources.length)} ${sources.length === 1 ? "source" : "sources"}`;
  const named =
    sources.length > 1 ? `${sources.slice(0, -1).join(", ")} and ${sources.at(-1)}` : sources[0];
  return {
    title: story.lead.title,
    summary: `${summary}.`,
    description: `${summary}${named ? `: ${named}` : ""}.`,
  };
}
