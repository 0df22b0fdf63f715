import { unstable_cache } from "next/cache";
import { cache } from "react";
import {
  archiveDay,
  archiveIndex,
  archiveMonth,
  archiveMonths,
  dayOf,
  isoDay,
  type ArchiveDayPage,
  type CalendarDay,
  type DayPart,
  type IndexMonth,
  type MonthCount,
} from "../archive";
import { cachedFailure } from "../cache";
import { config } from "../env";
import { logUpstreamError } from "../ops";
import type { Publication } from "../publication";
import { archiveTags } from "../tags";

/**
 * The archive pages' reads, cached in the data cache under the publication's archive and
 * withdrawal tags (lib/tags.ts), so a withdrawal expires them. A day that is over is kept
 * SETTLED_DAY_SECONDS: nothing but a withdrawal changes it. Today, the months and the archive's
 * index are kept as long as headlines are (FEED_REVALIDATE_SECONDS). The archive away is an
 * answer, not an exception: it is cached as a failure of its own (lib/cache/cached-failure.ts),
 * so the page that says so lives seconds and the archive is asked again soon.
 */

/** How long a day that is over is kept (the day route's own lifetime, its `revalidate`). */
export const SETTLED_DAY_SECONDS = 86_400;
/** A day is settled an hour after it ends: items a feed dated late on it have arrived by then. */
const SETTLE_MS = 3_600_000;

export type ArchiveRead<T> = { status: "ok"; value: T } | { status: "unavailable" };

async function read<T>(
  publication: Publication,
  what: string[],
  revalidate: number,
  load: () => Promise<T>,
): Promise<ArchiveRead<T>> {
  const key = ["archive", publication.key, ...what];
  const tags = archiveTags(publication.key);
  try {
    return { status: "ok", value: await unstable_cache(load, key, { revalidate, tags })() };
  } catch (error) {
    logUpstreamError(
      `archive ${what.join(" ")}`,
      error instanceof Error ? error.message : String(error),
    );
    return cachedFailure<ArchiveRead<T>>({ status: "unavailable" }, key, tags);
  }
}

const owner = (publication: Publication) => ({
  key: publication.key,
  timeZone: publication.timeZone,
});

/** A month with its days with headlines, first to last. */
export type ArchiveMonth = IndexMonth;

/** Every month with headlines, latest first, each with its days. */
export const readArchiveIndex = cache((publication: Publication) =>
  read(publication, ["index"], config().feedRevalidateSeconds, () =>
    archiveIndex(owner(publication)),
  ),
);

export interface ArchiveMonthPage extends ArchiveMonth {
  /** The nearest months with headlines before and after; null when there is none. */
  previous: MonthCount | null;
  next: MonthCount | null;
}

/** A month's days with headlines; null when it has none (or is still to come). */
export const readArchiveMonth = cache((publication: Publication, year: number, month: number) =>
  read(
    publication,
    ["month", String(year), String(month)],
    config().feedRevalidateSeconds,
    async (): Promise<ArchiveMonthPage | null> => {
      const [days, months] = await Promise.all([
        archiveMonth(owner(publication), year, month),
        archiveMonths(owner(publication)),
      ]);
      const index = months.findIndex((entry) => entry.year === year && entry.month === month);
      if (!days || days.length === 0 || index < 0) return null;
      return {
        ...months[index]!,
        days,
        // Latest first: the next month is the one before in the list.
        next: months[index - 1] ?? null,
        previous: months[index + 1] ?? null,
      };
    },
  ),
);

/** Whether the day ended over an hour ago, in the publication's zone. */
export function isSettled(day: CalendarDay, timeZone: string, now = Date.now()): boolean {
  return isoDay(day) < isoDay(dayOf(now - SETTLE_MS, timeZone));
}

/**
 * A day's headlines, oldest first, or a part's (lib/archive/calendar.ts); null for a day with
 * none, one still to come, or a part with none. The day is given as numbers, so the
 * metadata's call and the page's share one read (React's cache).
 */
export const readArchiveDay = cache(
  (publication: Publication, year: number, month: number, date: number, part: DayPart | null) => {
    const day = { year, month, day: date };
    return read(
      publication,
      ["day", isoDay(day), String(part ?? "")],
      isSettled(day, publication.timeZone) ? SETTLED_DAY_SECONDS : config().feedRevalidateSeconds,
      (): Promise<ArchiveDayPage | null> => archiveDay(owner(publication), day, part),
    );
  },
);
