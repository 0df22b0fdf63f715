import { ErrorBox } from "@/components/ui/error-box";
import { formatLongDate } from "@/lib/dates";
import type { SectionHeadlines } from "@/lib/news";
import { ArticleCard } from "./article-card";
import { PHOTOS_ATTRIBUTE } from "./photo-fallback";
import { ExpandableList } from "./expandable-list";
import styles from "./news.module.css";

/**
 * A section's headlines: the first `limit` shown, the rest one click away; or the error.
 * `id` keeps the cards' element ids apart when a page shows more than one grid; `timeZone`
 * is the publication's, in which each headline's date is told.
 */
export function ArticleGrid({
  headlines,
  limit,
  id,
  timeZone,
}: {
  headlines: SectionHeadlines;
  limit: number;
  id: string;
  timeZone: string;
}) {
  if (headlines.status === "error") return <ErrorBox message={headlines.message} />;
  if (headlines.articles.length === 0) {
    return <p className={styles.empty}>No headlines right now. Check back soon.</p>;
  }
  const newTabNoteId = `${id}-nt`;
  return (
    <div {...{ [PHOTOS_ATTRIBUTE]: "" }}>
      <span id={newTabNoteId} hidden>
        (opens in a new tab)
      </span>
      <ExpandableList total={headlines.articles.length} limit={limit}>
        {headlines.articles.map((article, index) => (
          <ArticleCard
            // Position, not the link: the link would be written out once more as the key.
            key={index}
            article={article}
            dateText={article.pubDate ? formatLongDate(new Date(article.pubDate), timeZone) : null}
            id={`${id}${index}`}
            newTabNoteId={newTabNoteId}
            // Only the first card's photo is asked for at once (from the <head>, at high
            // priority): on a phone the next ones are screens below, and asking for them early
            // takes bandwidth and connections from that photo and the scripts. The rest load
            // lazily, as they near the screen.
            lead={index === 0}
            extra={index >= limit}
            story={headlines.stories?.get(article.link)}
          />
        ))}
      </ExpandableList>
    </div>
  );
}
