import type { Metadata } from "next";
import { SearchBox } from "@/components/search/search-box";
import { SearchResults } from "@/components/search/search-results";
import styles from "@/components/search/search.module.css";
import { PageHeader } from "@/components/ui/page-header";
import { readQuery, searchSite } from "@/lib/search";
import { pageMetadata } from "@/lib/seo";

/**
 * Results for /search?q= from the header's search form. Rendered per request (it reads the
 * query) over cached data only: the headlines sections last read and the blog's summaries.
 * Result pages are not for search engines; the links on them may be followed.
 */
export const metadata: Metadata = {
  ...pageMetadata({
    title: "Search",
    description: "Search today's headlines from every section and the posts on our blog.",
    path: "/search",
  }),
  robots: { index: false, follow: true },
};

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function SearchPage({ searchParams }: Props) {
  const query = readQuery((await searchParams).q);

  return (
    <div className="container">
      <PageHeader title="Search" />
      <SearchBox query={query} />
      {query ? (
        <SearchResults query={query} results={await searchSite(query)} />
      ) : (
        <p className={styles.prompt}>
          Type a word or two above to search the latest headlines from every section and the posts
          on our blog.
        </p>
      )}
    </div>
  );
}
