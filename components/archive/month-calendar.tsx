import { dayPath, type DayCount } from "@/lib/archive";
import { daysInMonth, formatShortCalendarDay, weekdayOf } from "@/lib/dates";
import styles from "./calendar.module.css";
import { headlineCount } from "./texts";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const count = new Intl.NumberFormat("en-US");

/**
 * A month as a wall calendar, weeks from Sunday: each day with headlines a link to its page
 * with its count, the others plain numbers. Screen readers hear the days with headlines only,
 * each named in full ("November 30: 42 headlines"); the grid is for the eye.
 *
 * A day is a plain anchor named by its label, not SiteLink with hidden spans: the archive's
 * index holds a year of days (about 400 links), each a client component to hydrate on a phone
 * and written twice in the page (its HTML and React's payload); the index was 354 kB, three
 * fifths of it the payload. A day's page is a page of its own: nothing is kept across the
 * navigation.
 */
export function MonthCalendar({
  year,
  month,
  days,
  compact = false,
}: {
  year: number;
  month: number;
  days: readonly DayCount[];
  compact?: boolean;
}) {
  const counts = new Map(days.map((entry) => [entry.day.day, entry.count]));
  const first = weekdayOf({ year, month, day: 1 });
  return (
    <div className={compact ? `${styles.calendar} ${styles.compact}` : styles.calendar}>
      <div className={styles.weekdays} aria-hidden="true">
        {WEEKDAYS.map((name) => (
          <span key={name}>{name}</span>
        ))}
      </div>
      <ol className={styles.days}>
        {Array.from({ length: daysInMonth(year, month) }, (_, index) => {
          const day = { year, month, day: index + 1 };
          const headlines = counts.get(day.day);
          const start = index === 0 ? { "data-start": first + 1 } : {};
          if (headlines === undefined)
            return (
              <li key={day.day} className={styles.quiet} aria-hidden="true" {...start}>
                {day.day}
              </li>
            );
          return (
            <li key={day.day} {...start}>
              <a
                href={dayPath(day)}
                aria-label={`${formatShortCalendarDay(day)}: ${headlineCount(headlines)}`}
              >
                {day.day}
                <small>{count.format(headlines)}</small>
              </a>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
