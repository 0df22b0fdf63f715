import { JsonLd } from "@/components/seo/json-ld";
import { ErrorBox } from "@/components/ui/error-box";
import { PageHeader } from "@/components/ui/page-header";
import { SiteLink } from "@/components/ui/site-link";
import { monthPath } from "@/lib/archive";
import { ARCHIVE_UNAVAILABLE, type ArchiveMonth, type ArchiveRead } from "@/lib/archive-pages";
import { formatMonth } from "@/lib/dates";
import { pageFor } from "@/lib/pages";
import { publicationUrl, type Publication } from "@/lib/publication";
import { breadcrumbJsonLd, collectionPageJsonLd } from "@/lib/seo";
import { MonthCalendar } from "./month-calendar";
import { headlineCount } from "./texts";
import styles from "./calendar.module.css";

/** /archive: every month with headlines, latest first, each with its count and its days. */
export function ArchiveIndex({
  publication,
  months,
}: {
  publication: Publication;
  months: ArchiveRead<ArchiveMonth[]>;
}) {
  const page = pageFor(publication, "/archive");
  const list = months.status === "ok" ? months.value : [];
  return (
    <div className="container">
      <JsonLd
        data={[
          collectionPageJsonLd(publication, {
            path: page.path,
            name: page.title,
            description: page.description,
            items: list.map(({ year, month }) =>
              publicationUrl(publication, monthPath(year, month)),
            ),
          }),
          breadcrumbJsonLd(publication, [
            ["Home", "/"],
            [page.title, page.path],
          ]),
        ]}
      />
      <PageHeader
        title={page.title}
        subtitle={
          <>
            {`Every headline ${publication.name} has carried, day by day. Looking for a story? `}
            <SiteLink href="/search">Search the archive</SiteLink>.
          </>
        }
      />
      {months.status === "unavailable" ? (
        <ErrorBox message={ARCHIVE_UNAVAILABLE} />
      ) : list.length === 0 ? (
        <p className={styles.emptyNote}>No headlines are in the archive yet. Check back soon.</p>
      ) : (
        <div className={styles.months}>
          {list.map(({ year, month, count, days }) => (
            <section
              key={`${year}-${month}`}
              aria-labelledby={`m${year}-${month}`}
              className={styles.month}
            >
              <h2 id={`m${year}-${month}`} className={styles.monthTitle}>
                <SiteLink href={monthPath(year, month)}>{formatMonth(year, month)}</SiteLink>
                <span className={styles.monthCount}>{headlineCount(count)}</span>
              </h2>
              <MonthCalendar year={year} month={month} days={days} compact />
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
