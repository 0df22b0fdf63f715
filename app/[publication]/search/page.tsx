import type { Metadata } from "next";
import { SearchForm } from "@/components/search/search-form";
import { SearchResults } from "@/components/search/search-results";
import styles from "@/components/search/search.module.css";
import { PageHeader } from "@/components/ui/page-header";
import { pageFor, sitePage } from "@/lib/pages";
import { readQuery, searchSite } from "@/lib/search";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";
import { pageMetadata } from "@/lib/seo";

/**
 * Results for /search?q= from the header's search form. Rendered per request (it reads the
 * query) over cached data only: the headlines sections last read and the blog's summaries.
 * Result pages are not for search engines (lib/pages: noindex); their links may be followed.
 */
export async function generateMetadata({ params }: PublicationProps): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return pageMetadata(publication, pageFor(publication, "/search"));
}

// The query is the reader's: rendered per request, never cached (robots: noindex).
export const dynamic = "force-dynamic";

type Props = PublicationProps & {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export default async function SearchPage({ params, searchParams }: Props) {
  const publication = await publicationFromParams(params);
  const query = readQuery((await searchParams).q);

  return (
    <div className="container">
      <PageHeader title={sitePage("/search").title} />
      <SearchForm id="search-page-query" variant="page" query={query} />
      {query ? (
        <SearchResults
          query={query}
          results={await searchSite(publication, query)}
          timeZone={publication.timeZone}
        />
      ) : (
        <p className={styles.prompt}>
          Type a word or two above to search the latest headlines from every section and the posts
          on our blog.
        </p>
      )}
    </div>
  );
}
