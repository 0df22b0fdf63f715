import { JsonLd } from "@/components/seo/json-ld";
import { PageHeader } from "@/components/ui/page-header";
import { dayPath, monthPath } from "@/lib/archive";
import type { ArchiveMonthPage } from "@/lib/archive-pages";
import { formatMonth } from "@/lib/dates";
import { pageFor } from "@/lib/pages";
import { publicationUrl, type Publication } from "@/lib/publication";
import { breadcrumbJsonLd, collectionPageJsonLd } from "@/lib/seo";
import { ArchiveSteps, ArchiveTrail } from "./archive-trail";
import { MonthCalendar } from "./month-calendar";
import { headlineCount, monthTexts } from "./texts";

/** /archive/YYYY/MM: the month's days with headlines, each with its count. */
export function ArchiveMonthView({
  publication,
  month,
}: {
  publication: Publication;
  month: ArchiveMonthPage;
}) {
  const archive = pageFor(publication, "/archive");
  const { title, description } = monthTexts(publication, month);
  const path = monthPath(month.year, month.month);
  const trail = [
    [archive.title, archive.path],
    [formatMonth(month.year, month.month), path],
  ] as const;
  const step = (entry: ArchiveMonthPage["next"]) =>
    entry && {
      href: monthPath(entry.year, entry.month),
      text: formatMonth(entry.year, entry.month),
    };
  return (
    <div className="container">
      <JsonLd
        data={[
          collectionPageJsonLd(publication, {
            path,
            name: title,
            description,
            items: month.days.map(({ day }) => publicationUrl(publication, dayPath(day))),
          }),
          breadcrumbJsonLd(publication, [["Home", "/"], ...trail]),
        ]}
      />
      <ArchiveTrail trail={trail} />
      <PageHeader
        title={title}
        subtitle={`${headlineCount(month.count)} on ${month.days.length} ${month.days.length === 1 ? "day" : "days"}. Pick a day to read its headlines.`}
      />
      <ArchiveSteps label="Other months" previous={step(month.previous)} next={step(month.next)} />
      <MonthCalendar year={month.year} month={month.month} days={month.days} />
    </div>
  );
}
