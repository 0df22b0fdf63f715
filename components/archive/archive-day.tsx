import { JsonLd } from "@/components/seo/json-ld";
import { PageHeader } from "@/components/ui/page-header";
import { SiteLink } from "@/components/ui/site-link";
import { dayPath, monthPath, type ArchiveDayPage } from "@/lib/archive";
import type { StoryLink } from "@/lib/news";
import type { Publication } from "@/lib/publication";
import { groupBySection, headlineView } from "@/lib/archive-pages";
import { formatCalendarDay, formatMonth } from "@/lib/dates";
import { pageFor } from "@/lib/pages";
import { breadcrumbJsonLd, collectionPageJsonLd } from "@/lib/seo";
import { ArchiveSteps, ArchiveTrail } from "./archive-trail";
import { HeadlineEntry } from "./headline-entry";
import { dayTexts, headlineCount } from "./texts";
import styles from "./day.module.css";

const NEW_TAB_NOTE = "day-new-tab";

/**
 * /archive/YYYY/MM/DD: every headline of the day, grouped by section in the site's order, then
 * the blog's posts; each with its time (the publication's) and source. Links to the nearest
 * days before and after that have headlines. A headline whose story several sources carried
 * links to its story page ("n sources").
 */
export function ArchiveDayView({
  publication,
  day,
  stories,
}: {
  publication: Publication;
  day: ArchiveDayPage;
  /** By link: the headlines whose story has two or more sources in the publication. */
  stories: ReadonlyMap<string, StoryLink>;
}) {
  const archive = pageFor(publication, "/archive");
  const { title, description } = dayTexts(publication, day);
  const path = dayPath(day.day);
  const trail = [
    [archive.title, archive.path],
    [formatMonth(day.day.year, day.day.month), monthPath(day.day.year, day.day.month)],
    [formatCalendarDay(day.day), path],
  ] as const;
  const step = (other: ArchiveDayPage["next"]) =>
    other && { href: dayPath(other), text: formatCalendarDay(other) };
  return (
    <div className="container">
      <JsonLd
        data={[
          collectionPageJsonLd(publication, {
            path,
            name: title,
            description,
            items: day.headlines.map((headline) => headline.link),
          }),
          breadcrumbJsonLd(publication, [["Home", "/"], ...trail]),
        ]}
      />
      <ArchiveTrail trail={trail} />
      <PageHeader
        title={title}
        subtitle={`${headlineCount(day.headlines.length)}, section by section.`}
      />
      <ArchiveSteps label="Other days" previous={step(day.previous)} next={step(day.next)} />
      <span id={NEW_TAB_NOTE} hidden>
        (opens in a new tab)
      </span>
      {groupBySection(day.headlines).map(({ section, headlines }, index) => (
        <section
          key={section?.slug ?? ""}
          aria-labelledby={`s${index}`}
          className={styles.dayGroup}
        >
          <h2 id={`s${index}`} className={styles.groupTitle}>
            {section ? <SiteLink href={section.href}>{section.title}</SiteLink> : "More headlines"}
            <span className={styles.groupCount}>{headlineCount(headlines.length)}</span>
          </h2>
          <ol className={styles.entries}>
            {headlines.map((headline) => (
              <HeadlineEntry
                key={headline.id}
                view={headlineView(headline, publication)}
                newTabNote={NEW_TAB_NOTE}
                story={stories.get(headline.link)}
              />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
