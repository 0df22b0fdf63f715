import { dayOf, dayPath, isoDay, monthPath } from "../archive";
import { readArchiveIndex, type ArchiveMonth } from "../archive-pages";
import { publicationUrl, type Publication } from "../publication";
import type { SitemapEntry } from "./sitemap-xml";

/**
 * The archive in the XML sitemaps: a part per month (/sitemaps/2026-11.xml) listing the month's
 * page and each of its days with headlines, each dated by its last day. From the archive's
 * cached index (lib/archive-pages); the archive away, no month is listed and the sitemap says
 * it is incomplete, so no cache keeps it long.
 */

/** "2026-11": a month part's name. */
export function monthPartName({ year, month }: { year: number; month: number }): string {
  return `${year}-${String(month).padStart(2, "0")}`;
}

/** The archive's months, latest first; `complete: false` when the archive could not answer. */
export async function archiveMonths(
  publication: Publication,
): Promise<{ months: ArchiveMonth[]; complete: boolean }> {
  const index = await readArchiveIndex(publication);
  return index.status === "ok"
    ? { months: index.value, complete: true }
    : { months: [], complete: false };
}

/** A month's last day with headlines, "2026-11-30": when its pages last changed. */
export function monthLastModified(month: ArchiveMonth): string | undefined {
  const last = month.days.at(-1);
  return last ? isoDay(last.day) : undefined;
}

/** The month's page and its days' pages. */
export function monthEntries(publication: Publication, month: ArchiveMonth): SitemapEntry[] {
  const today = isoDay(dayOf(Date.now(), publication.timeZone));
  const current = monthPartName(month) === today.slice(0, 7);
  return [
    {
      url: publicationUrl(publication, monthPath(month.year, month.month)),
      lastModified: monthLastModified(month),
      changeFrequency: current ? "daily" : "monthly",
      priority: 0.5,
    },
    ...month.days.map(({ day }) => ({
      url: publicationUrl(publication, dayPath(day)),
      lastModified: isoDay(day),
      changeFrequency: isoDay(day) === today ? ("hourly" as const) : ("yearly" as const),
      priority: 0.4,
    })),
  ];
}
