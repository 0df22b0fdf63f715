import { formatLongDate } from "@/lib/dates";
import type { FeedArticle } from "@/lib/news/types";
import styles from "./news.module.css";

export function ArticleCard({ article, extra }: { article: FeedArticle; extra: boolean }) {
  return (
    <li className={`${styles.card} ${extra ? styles.extra : ""}`}>
      <div className={styles.media}>
        {/* Feed images are plain <img>: other hosts' photos, not sent through the optimizer.
            Empty alt: the headline beside it says what the picture is about. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        <img
          src={article.imageUrl}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          className={styles.image}
        />
      </div>
      <div className={styles.body}>
        {article.pubDate ? (
          <time dateTime={article.pubDate} className={styles.date}>
            {formatLongDate(new Date(article.pubDate))}
          </time>
        ) : null}
        <h3 className={styles.title}>{article.title}</h3>
        {article.description ? <p className={styles.description}>{article.description}</p> : null}
        <a
          href={article.link}
          target="_blank"
          rel="noopener noreferrer"
          className={styles.readMore}
        >
          Read more<span className="visually-hidden">: {article.title} (opens in a new tab)</span>
          <span aria-hidden="true"> →</span>
        </a>
      </div>
    </li>
  );
}
