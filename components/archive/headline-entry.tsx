import type { ReactNode } from "react";
import { SiteLink } from "@/components/ui/site-link";
import type { HeadlineView } from "@/lib/archive-pages";
import type { StoryLink } from "@/lib/news";
import styles from "./day.module.css";

/**
 * One archived headline in a list (an archive day, a story's coverage): its time, its title (a
 * link out, as the cards', or to the post) and its source, and, when other sources carried its
 * story, "n sources". Descriptions are left to the search and the sections: a day is an index
 * of every headline, and on a busy one they would double the page. The links that open a new
 * tab share one note that says so (`newTabNote`, aria-describedby), as the cards do.
 */
export function HeadlineEntry({
  view,
  when = view.timeText,
  newTabNote,
  story,
  className,
}: {
  view: HeadlineView;
  /** What the time column says (the time of day, or a day and its time). */
  when?: ReactNode;
  newTabNote: string;
  story?: StoryLink;
  className?: string;
}) {
  return (
    <li className={className ? `${styles.entry} ${className}` : styles.entry}>
      <time dateTime={view.dateTime} className={styles.time}>
        {when}
      </time>
      <div>
        <h3 className={styles.entryTitle}>
          {view.external ? (
            <a
              href={view.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={newTabNote}
            >
              {view.title}
            </a>
          ) : (
            <SiteLink href={view.href}>{view.title}</SiteLink>
          )}
        </h3>
        {view.source || story ? (
          <p className={styles.source}>
            {view.source}
            {view.source && story ? " · " : null}
            {story ? (
              <SiteLink href={`/story/${story.id}`}>{`${story.sources} sources`}</SiteLink>
            ) : null}
          </p>
        ) : null}
      </div>
    </li>
  );
}
