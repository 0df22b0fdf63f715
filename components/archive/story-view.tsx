import { JsonLd } from "@/components/seo/json-ld";
import { PageHeader } from "@/components/ui/page-header";
import { SiteLink } from "@/components/ui/site-link";
import { dayOf, dayPartPath, dayPath } from "@/lib/archive";
import { headlineView, type StoryPage } from "@/lib/archive-pages";
import { formatCalendarDay, formatShortCalendarDay } from "@/lib/dates";
import { pageFor } from "@/lib/pages";
import type { Publication } from "@/lib/publication";
import { breadcrumbJsonLd, collectionPageJsonLd } from "@/lib/seo";
import { ArchiveTrail } from "./archive-trail";
import { HeadlineEntry } from "./headline-entry";
import { storyTexts } from "./texts";
import dayStyles from "./day.module.css";
import styles from "./story.module.css";

const NEW_TAB_NOTE = "story-new-tab";

/**
 * /story/{id}: one piece of news as every source the publication carries reported it. The
 * earliest copy's title heads it; then how it developed (first seen, latest, its sources);
 * every copy, newest first, with its time, title (a link out, as the cards') and source; the
 * archive days it spans.
 */
export function StoryView({ publication, story }: { publication: Publication; story: StoryPage }) {
  const archive = pageFor(publication, "/archive");
  const { title, summary, description } = storyTexts(story);
  const path = `/story/${story.id}`;
  const trail = [
    [archive.title, archive.path],
    [story.lead.title, path],
  ] as const;
  const views = story.headlines.map((headline) => headlineView(headline, publication));
  const first = views.at(-1)!;
  const latest = views[0]!;
  return (
    <div className="container">
      <JsonLd
        data={[
          collectionPageJsonLd(publication, {
            path,
            name: title,
            description,
            items: story.headlines.map((headline) => headline.link),
          }),
          breadcrumbJsonLd(publication, [["Home", "/"], ...trail]),
        ]}
      />
      <ArchiveTrail trail={trail} />
      <PageHeader title={story.lead.title} subtitle={summary} />
      <dl className={styles.facts}>
        <div>
          <dt>First seen</dt>
          <dd>
            <time dateTime={first.dateTime}>
              {first.dateText}, {first.timeText}
            </time>
          </dd>
        </div>
        <div>
          <dt>Latest</dt>
          <dd>
            <time dateTime={latest.dateTime}>
              {latest.dateText}, {latest.timeText}
            </time>
          </dd>
        </div>
        <div>
          <dt>Sources</dt>
          <dd>{story.sources.join(", ")}</dd>
        </div>
      </dl>
      <section aria-labelledby="coverage" className={dayStyles.dayGroup}>
        <h2 id="coverage" className={dayStyles.groupTitle}>
          Coverage
        </h2>
        <span id={NEW_TAB_NOTE} hidden>
          (opens in a new tab)
        </span>
        <ol className={dayStyles.entries}>
          {views.map((view) => (
            <HeadlineEntry
              key={view.id}
              view={view}
              className={styles.entry}
              newTabNote={NEW_TAB_NOTE}
              when={
                <>
                  {formatShortCalendarDay(dayOf(Date.parse(view.dateTime), publication.timeZone))}
                  <br />
                  {view.timeText}
                </>
              }
            />
          ))}
        </ol>
      </section>
      <nav aria-labelledby="story-days" className={styles.days}>
        <h2 id="story-days">In the archive</h2>
        <ul>
          {story.days.map(({ day, part }) => (
            <li key={dayPath(day)}>
              <SiteLink href={part === 0 ? dayPath(day) : dayPartPath(day, part)}>
                {formatCalendarDay(day)}
              </SiteLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
