import { cache } from "react";
import {
  dayPartOf,
  storyItems,
  type ArchivedHeadline,
  type CalendarDay,
  type DayPart,
} from "../archive";
import { cachedFailure } from "../cache";
import { logUpstreamError } from "../ops";
import type { Publication } from "../publication";
import { archiveTags } from "../tags";
import type { ArchiveRead } from "./reads";
import { sourceOf } from "./headline-view";

/**
 * A story's page (/story/{id}): every copy of one piece of news the publication carried, from
 * every feed it carries (lib/archive/stories groups them at ingest). Read as the page is made:
 * the page is cached, and carries its items' feeds' stories tags and the publication's
 * withdrawal tags, so it is made again when the story or a withdrawal changes it. The archive
 * away is a cached failure of its own, so the page that says so lives seconds.
 */

/** A story's id as an address may hold it: letters, digits and "-" (the archive's are digits). */
const STORY_ID = /^[A-Za-z0-9-]{1,64}$/;

export interface StoryPage {
  id: string;
  /** The copies, newest first. */
  headlines: ArchivedHeadline[];
  /** The earliest copy: whose title heads the page. */
  lead: ArchivedHeadline;
  /** Its distinct sources (hosts), in the order their first copy came. */
  sources: string[];
  /**
   * The days it spans, in the publication's zone, first to last, each with the part of the
   * day its first copy that day came in (a busy day's page is shown a part at a time).
   */
  days: { day: CalendarDay; part: DayPart }[];
}

function storyPage(id: string, headlines: ArchivedHeadline[], timeZone: string): StoryPage {
  const oldestFirst = [...headlines].reverse();
  const sources = [...new Set(oldestFirst.flatMap((headline) => sourceOf(headline.link) ?? []))];
  const days = new Map<string, { day: CalendarDay; part: DayPart }>();
  for (const headline of oldestFirst) {
    const at = dayPartOf(headline.at, timeZone);
    const key = `${at.day.year}-${at.day.month}-${at.day.day}`;
    if (!days.has(key)) days.set(key, at);
  }
  return { id, headlines, lead: oldestFirst[0]!, sources, days: [...days.values()] };
}

/** The story the publication shows; null for an unknown or malformed id, or none of its own. */
export const readStory = cache(
  async (publication: Publication, id: string): Promise<ArchiveRead<StoryPage | null>> => {
    if (!STORY_ID.test(id)) return { status: "ok", value: null };
    try {
      const headlines = await storyItems(publication.key, id);
      return {
        status: "ok",
        value: headlines.length > 0 ? storyPage(id, headlines, publication.timeZone) : null,
      };
    } catch (error) {
      logUpstreamError(
        `archive story ${id}`,
        error instanceof Error ? error.message : String(error),
      );
      return cachedFailure<ArchiveRead<StoryPage | null>>(
        { status: "unavailable" },
        ["archive", publication.key, "story", id],
        archiveTags(publication.key),
      );
    }
  },
);
