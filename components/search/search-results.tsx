import Link from "next/link";
import { formatLongDate, formatPublishedDate } from "@/lib/dates";
import type { SiteSearchResults } from "@/lib/search";
import { Highlighted } from "./highlighted";
import styles from "./search.module.css";
import { ExternalLink } from "@/components/ui/external-link";

/** The most results of each kind listed; the count above still says how many matched. */
export const MAX_LISTED = 50;

function MoreNote({ count }: { count: number }) {
  return count > MAX_LISTED ? (
    <p
      className={styles.more}
    >{`Showing the best ${MAX_LISTED} of ${count}; add a word to narrow the search.`}</p>
  ) : null;
}

export function SearchResults({ query, results }: { query: string; results: SiteSearchResults }) {
  const { headlines, posts } = results;
  const total = headlines.length + (posts?.length ?? 0);

  return (
    <>
      <p className={styles.count} role="status">
        {`${total} ${total === 1 ? "result" : "results"} for “${query}”`}
      </p>
      {posts === null ? (
        <p className={styles.note}>
          Blog posts could not be searched just now; these results cover headlines only. Please try
          again later.
        </p>
      ) : null}
      {total === 0 ? (
        <div className={styles.empty}>
          <h2>{`Nothing matched “${query}”`}</h2>
          <p>
            Check the spelling or try fewer or different words. You can also browse every section
            from the{" "}
            <Link prefetch={false} href="/sitemap">
              sitemap
            </Link>
            .
          </p>
        </div>
      ) : null}
      {headlines.length > 0 ? (
        <section aria-labelledby="search-headlines" className={styles.group}>
          <h2 id="search-headlines" className={styles.groupTitle}>
            Headlines <span className={styles.groupCount}>{headlines.length}</span>
          </h2>
          <ol className={styles.results}>
            {headlines.slice(0, MAX_LISTED).map(({ article, section }) => (
              <li key={article.link} className={styles.result}>
                <p className={styles.kicker}>
                  <Link href={`/${section.slug}`} prefetch={false}>
                    {section.title}
                  </Link>
                  {article.pubDate ? (
                    <time dateTime={article.pubDate}>
                      {formatLongDate(new Date(article.pubDate))}
                    </time>
                  ) : null}
                </p>
                <h3 className={styles.title}>
                  <ExternalLink href={article.link}>
                    <Highlighted text={article.title} query={query} />
                  </ExternalLink>
                </h3>
                {article.description ? (
                  <p className={styles.text}>
                    <Highlighted text={article.description} query={query} />
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
          <MoreNote count={headlines.length} />
        </section>
      ) : null}
      {posts && posts.length > 0 ? (
        <section aria-labelledby="search-blog" className={styles.group}>
          <h2 id="search-blog" className={styles.groupTitle}>
            From the Blog <span className={styles.groupCount}>{posts.length}</span>
          </h2>
          <ol className={styles.results}>
            {posts.slice(0, MAX_LISTED).map((post) => (
              <li key={post.slug} className={styles.result}>
                <p className={styles.kicker}>
                  <Link href="/blog" prefetch={false}>
                    Blog
                  </Link>
                  {post.date ? (
                    <time dateTime={post.date}>{formatPublishedDate(post.date)}</time>
                  ) : null}
                </p>
                <h3 className={styles.title}>
                  <Link href={`/blog/${post.slug}`} prefetch={false}>
                    <Highlighted text={post.metaTitle} query={query} />
                  </Link>
                </h3>
                {post.metaDescription ? (
                  <p className={styles.text}>
                    <Highlighted text={post.metaDescription} query={query} />
                  </p>
                ) : null}
              </li>
            ))}
          </ol>
          <MoreNote count={posts.length} />
        </section>
      ) : null}
    </>
  );
}
