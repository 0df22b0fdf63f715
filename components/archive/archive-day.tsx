import { JsonLd } from "@/components/seo/json-ld";
import { PageHeader } from "@/components/ui/page-header";
import { SiteLink } from "@/components/ui/site-link";
import { dayPartPath, dayPath, monthPath, type ArchiveDayPage, type DayPart } from "@/lib/archive";
import type { StoryLink } from "@/lib/news";
import type { Publication } from "@/lib/publication";
import { groupBySection, headlineView } from "@/lib/archive-pages";
import { formatCalendarDay, formatMonth } from "@/lib/dates";
import { pageFor } from "@/lib/pages";
import { breadcrumbJsonLd, collectionPageJsonLd } from "@/lib/seo";
import { ArchiveSteps, ArchiveTrail } from "./archive-trail";
import { HeadlineEntry } from "./headline-entry";
import { dayPartName, dayTexts, headlineCount } from "./texts";
import trailStyles from "./archive.module.css";
import styles from "./day.module.css";

const NEW_TAB_NOTE = "day-new-tab";

/**
 * The address of a part of a busy day: its first part with headlines is the day's own
 * address. A part asked of a day shown whole is the day's page (its canonical address).
 */
function partPath(day: ArchiveDayPage, part: DayPart): string {
  return day.parts === null || part === day.parts[0]?.part
    ? dayPath(day.day)
    : dayPartPath(day.day, part);
}

/** Where this page lives: the day, or the part of it shown. */
export function dayPagePath(day: ArchiveDayPage): string {
  return day.part === null ? dayPath(day.day) : partPath(day, day.part);
}

/**
 * /archive/YYYY/MM/DD: every headline of the day, grouped by section in the site's order, then
 * the blog's posts; each with its time (the publication's) and source. Links to the nearest
 * days before and after that have headlines. A headline whose story several sources carried
 * links to its story page ("n sources"). A busy day (lib/archive/calendar.ts, DAY_PAGE) is
 * shown a part at a time, each listing the day's parts. At the end of the list, what a reader
 * reads next: the part before and after, past the day's first and last the days'.
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
  const path = dayPagePath(day);
  const dayName = formatCalendarDay(day.day);
  const trail = [
    [archive.title, archive.path],
    [formatMonth(day.day.year, day.day.month), monthPath(day.day.year, day.day.month)],
    [dayName, dayPath(day.day)],
    ...(path === dayPath(day.day) || day.part === null
      ? []
      : [[dayPartName(day.part), path] as const]),
  ] as const;
  const step = (other: ArchiveDayPage["next"]) =>
    other && { href: dayPath(other), text: formatCalendarDay(other) };
  const shown = day.parts?.findIndex(({ part }) => part === day.part) ?? -1;
  const partStep = (index: number) => {
    const other = day.parts?.[index];
    return other ? { href: partPath(day, other.part), text: dayPartName(other.part) } : null;
  };
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
        subtitle={
          day.parts === null
            ? `${headlineCount(day.headlines.length)}, section by section.`
            : `${headlineCount(day.headlines.length)} of the day's ${day.count.toLocaleString("en-US")}, section by section.`
        }
      />
      <ArchiveSteps label="Other days" previous={step(day.previous)} next={step(day.next)} />
      {day.parts ? (
        <nav aria-label={`Parts of ${dayName}`} className={styles.parts}>
          <ol>
            {day.parts.map(({ part, count }) => (
              <li key={part}>
                <a
                  href={partPath(day, part)}
                  className={trailStyles.step}
                  aria-current={part === day.part ? "page" : undefined}
                >
                  {dayPartName(part)}
                  <small>{headlineCount(count)}</small>
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
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
      <ArchiveSteps
        label="Earlier and later headlines"
        previous={partStep(shown - 1) ?? step(day.previous)}
        next={partStep(shown + 1) ?? step(day.next)}
      />
    </div>
  );
}
