import { SiteLink } from "@/components/ui/site-link";
import { ExternalLink } from "@/components/ui/external-link";
import { formatLongDate, formatPublishedDate } from "@/lib/dates";
import { sitePage } from "@/lib/pages";
import type { SiteSearchResults } from "@/lib/search";
import { Highlighted } from "./highlighted";
import styles from "./search.module.css";

/** The most results of each kind listed; the count above still says how many matched. */
export const MAX_LISTED = 50;

/** One result, a headline or a post, as its group lists it. */
interface ListedResult {
  key: string;
  /** Where it comes from: its section, or the blog. */
  source: { href: string; label: string };
  date: { value: string; text: string } | null;
  title: string;
  /** Headlines open the publisher's article in a new tab; posts are the site's own pages. */
  link: { href: string; external: boolean };
  text: string;
}

function ResultGroup({
  id,
  title,
  results,
  query,
}: {
  id: string;
  title: string;
  results: readonly ListedResult[];
  query: string;
}) {
  if (results.length === 0) return null;
  return (
    <section aria-labelledby={id} className={styles.group}>
      <h2 id={id} className={styles.groupTitle}>
        {title} <span className={styles.groupCount}>{results.length}</span>
      </h2>
      <ol className={styles.results}>
        {results.slice(0, MAX_LISTED).map((result) => {
          const title = <Highlighted text={result.title} query={query} />;
          return (
            <li key={result.key} className={styles.result}>
              <p className={styles.kicker}>
                <SiteLink href={result.source.href}>{result.source.label}</SiteLink>
                {result.date ? <time dateTime={result.date.value}>{result.date.text}</time> : null}
              </p>
              <h3 className={styles.title}>
                {result.link.external ? (
                  <ExternalLink href={result.link.href}>{title}</ExternalLink>
                ) : (
                  <SiteLink href={result.link.href}>{title}</SiteLink>
                )}
              </h3>
              {result.text ? (
                <p className={styles.text}>
                  <Highlighted text={result.text} query={query} />
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      {results.length > MAX_LISTED ? (
        <p
          className={styles.more}
        >{`Showing the best ${MAX_LISTED} of ${results.length}; add a word to narrow the search.`}</p>
      ) : null}
    </section>
  );
}

/** `timeZone`: the publication's, in which every result's date is told. */
export function SearchResults({
  query,
  results,
  timeZone,
}: {
  query: string;
  results: SiteSearchResults;
  timeZone: string;
}) {
  const { headlines, posts } = results;
  const total = headlines.length + (posts?.length ?? 0);
  const blog = sitePage("/blog");

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
            from the <SiteLink href="/sitemap">sitemap</SiteLink>.
          </p>
        </div>
      ) : null}
      <ResultGroup
        id="search-headlines"
        title="Headlines"
        query={query}
        results={headlines.map(({ article, section }) => ({
          key: article.link,
          source: { href: `/${section.slug}`, label: section.title },
          date: article.pubDate
            ? { value: article.pubDate, text: formatLongDate(new Date(article.pubDate), timeZone) }
            : null,
          title: article.title,
          link: { href: article.link, external: true },
          text: article.description,
        }))}
      />
      <ResultGroup
        id="search-blog"
        title="From the Blog"
        query={query}
        results={(posts ?? []).map((post) => ({
          key: post.slug,
          source: { href: blog.path, label: blog.title },
          date: post.date
            ? { value: post.date, text: formatPublishedDate(post.date, timeZone) }
            : null,
          title: post.metaTitle,
          link: { href: `/blog/${post.slug}`, external: false },
          text: post.metaDescription,
        }))}
      />
    </>
  );
}
