import type { Metadata } from "next";
import { ArchiveDayView, dayPagePath } from "@/components/archive/archive-day";
import { ArchiveIndex } from "@/components/archive/archive-index";
import { ArchiveMonthView } from "@/components/archive/archive-month";
import { dayTexts, monthTexts } from "@/components/archive/texts";
import { NotFoundPage } from "@/components/not-found/not-found-page";
import { ErrorBox } from "@/components/ui/error-box";
import { PageHeader } from "@/components/ui/page-header";
import {
  monthPath,
  storyMarks,
  tagWithStories,
  tagWithWithdrawals,
  type ArchiveDayPage,
} from "@/lib/archive";
import {
  ARCHIVE_UNAVAILABLE,
  readArchiveAddress,
  readArchiveDay,
  readArchiveIndex,
  readArchiveMonth,
  type ArchiveAddress,
  type ArchiveRead,
} from "@/lib/archive-pages";
import { pageFor } from "@/lib/pages";
import { publicationFromParams, type Publication } from "@/lib/publication";
import { notFoundMetadata, pageMetadata } from "@/lib/seo";

/**
 * The archive: /archive (its months), /archive/YYYY/MM (a month's days), /archive/YYYY/MM/DD (a
 * day's headlines; a busy day's first part, its others at /06, /12 and /18); any other address
 * below /archive, a day, part or month without headlines, or one still to come, is the site's
 * 404. An optional catch-all, like "/", /blog and /sitemap:
 * nothing is rendered at build (it never knows the network); each page renders on its first
 * request and is then cached. A day that is over is kept a day (SETTLED_DAY_SECONDS, this
 * route's lifetime) and expires when one of its headlines is withdrawn; today, the months and
 * the index live as long as headlines (their reads' lifetime, lib/archive-pages/reads.ts); the
 * archive away, a few seconds, with a notice instead of headlines.
 */
export const revalidate = 86400;

export function generateStaticParams(): { date: string[] }[] {
  return [];
}

type Props = { params: Promise<{ publication: string; date?: string[] }> };

/** What the address names, read once for the metadata and the page (React's cache below). */
async function load(publication: Publication, address: ArchiveAddress) {
  switch (address.kind) {
    case "index":
      return { kind: "index" as const, read: await readArchiveIndex(publication) };
    case "month":
      return {
        kind: "month" as const,
        read: await readArchiveMonth(publication, address.year, address.month),
      };
    case "day": {
      const { year, month, day } = address.day;
      return {
        kind: "day" as const,
        read: await readArchiveDay(publication, year, month, day, address.part),
      };
    }
  }
}

const unavailable = (read: ArchiveRead<unknown>) => read.status === "unavailable";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  const address = readArchiveAddress((await params).date);
  if (!address) return notFoundMetadata("site");
  const page = await load(publication, address);
  const archive = pageFor(publication, "/archive");
  // The archive away: the page is a notice, kept out of search engines until it answers.
  const away = unavailable(page.read) ? { noindex: true } : {};
  if (page.kind === "index") return pageMetadata(publication, { ...archive, ...away });
  if (page.read.status === "ok" && page.read.value === null) return notFoundMetadata("site");
  if (page.kind === "month" && page.read.status === "ok" && page.read.value)
    return pageMetadata(publication, {
      ...monthTexts(publication, page.read.value),
      path: monthPath(page.read.value.year, page.read.value.month),
    });
  if (page.kind === "day" && page.read.status === "ok" && page.read.value)
    return pageMetadata(publication, {
      ...dayTexts(publication, page.read.value),
      path: dayPagePath(page.read.value),
    });
  return pageMetadata(publication, { ...archive, ...away });
}

export default async function ArchivePage({ params }: Props) {
  const publication = await publicationFromParams(params);
  const segments = (await params).date;
  const address = readArchiveAddress(segments);
  const path = ["/archive", ...(segments ?? [])].join("/");
  if (!address) return <NotFoundPage kind="site" path={path} />;
  // Its headlines leave this page once withdrawn (lib/archive/withdrawals.ts).
  await tagWithWithdrawals(publication.key);
  const page = await load(publication, address);
  if (page.kind === "index") return <ArchiveIndex publication={publication} months={page.read} />;
  if (page.read.status === "unavailable")
    return (
      <div className="container">
        <PageHeader title={pageFor(publication, "/archive").title} />
        <ErrorBox message={ARCHIVE_UNAVAILABLE} />
      </div>
    );
  if (page.read.value === null) return <NotFoundPage kind="site" path={path} />;
  return page.kind === "month" ? (
    <ArchiveMonthView publication={publication} month={page.read.value} />
  ) : (
    <ArchiveDayView
      publication={publication}
      day={page.read.value}
      stories={await dayStories(publication, page.read.value)}
    />
  );
}

/**
 * The day's headlines' stories (their "n sources" links), read as the page is made: the page
 * carries its feeds' stories tags, and is made again when their stories change.
 */
async function dayStories(publication: Publication, day: ArchiveDayPage) {
  const links = day.headlines.map((headline) => headline.link);
  const [marks] = await Promise.all([
    storyMarks(publication.key, links),
    tagWithStories([...new Set(day.headlines.map((headline) => headline.feed))].sort()),
  ]);
  return new Map(
    [...marks.values()]
      .filter((mark) => mark.sources >= 2)
      .map((mark) => [mark.link, { id: mark.story, sources: mark.sources }]),
  );
}
