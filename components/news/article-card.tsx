import { preload } from "react-dom";
import { SiteLink } from "@/components/ui/site-link";
import type { FeedArticle, StoryLink } from "@/lib/news";
import { CARD_SIZES, photoSources } from "@/lib/photos";
import styles from "./news.module.css";

/**
 * One headline. Each piece of text is in the markup once: the "Read more" link takes its
 * accessible name from its own text, the card's heading and the grid's one "opens in a new
 * tab" note (aria-labelledby), instead of repeating the headline in a hidden label.
 * A server component: it has no state (docs/benchmarks.md has what each choice costs).
 */
export function ArticleCard({
  article,
  dateText,
  id,
  newTabNoteId,
  lead,
  extra,
  story,
}: {
  article: FeedArticle;
  /** Its story, when two or more sources in the publication carried it: linked as "n sources". */
  story?: StoryLink;
  /** The publication date as readers see it, or null. */
  dateText: string | null;
  /** Unique on the page: the heading and the link are named from it. */
  id: string;
  newTabNoteId: string;
  /** The grid's first card: its photo is the page's largest paint, asked for at once; the
   *  others load lazily. */
  lead: boolean;
  extra: boolean;
}) {
  const photo = photoSources(article.imageUrl);
  // The page's largest paint: asked for from the <head>, ahead of the framework's scripts,
  // instead of when the parser reaches the card.
  if (lead) {
    preload(photo?.src ?? article.imageUrl, {
      as: "image",
      fetchPriority: "high",
      imageSrcSet: photo?.srcSet,
      imageSizes: photo ? CARD_SIZES : undefined,
    });
  }
  const readMore = (
    <a
      href={article.link}
      target="_blank"
      rel="noopener noreferrer"
      id={`${id}r`}
      aria-labelledby={`${id}r ${id}t ${newTabNoteId}`}
    >
      Read more<span aria-hidden="true"> →</span>
    </a>
  );
  return (
    <li className={extra ? `${styles.card} ${styles.extra}` : styles.card}>
      {/* The photo comes from the site's own origin at the card's widths (lib/photos), or is
          the default photo when its host could not give it. Empty alt: the headline beside
          it says what the picture is about. */}
      {/* eslint-disable-next-line @next/next/no-img-element */}
      <img
        src={photo?.src ?? article.imageUrl}
        srcSet={photo?.srcSet}
        sizes={photo ? CARD_SIZES : undefined}
        alt=""
        width={640}
        height={360}
        loading={lead ? "eager" : "lazy"}
        fetchPriority={lead ? "high" : undefined}
      />
      <div>
        {article.pubDate && dateText ? <time dateTime={article.pubDate}>{dateText}</time> : null}
        <h3 id={`${id}t`}>{article.title}</h3>
        {article.description ? <p>{article.description}</p> : null}
        {story ? (
          <div className={styles.cardLinks}>
            {readMore}
            {/* Named with the headline too: every card's link says "n sources". */}
            <SiteLink
              href={`/story/${story.id}`}
              id={`${id}s`}
              aria-labelledby={`${id}s ${id}t`}
              className={styles.sources}
            >
              {`${story.sources} sources`}
            </SiteLink>
          </div>
        ) : (
          readMore
        )}
      </div>
    </li>
  );
}
