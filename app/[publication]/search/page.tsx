import type { Metadata } from "next";
import { SearchPageForm } from "@/components/search/search-page-form";
import { SearchResults } from "@/components/search/search-results";
import styles from "@/components/search/search.module.css";
import { PageHeader } from "@/components/ui/page-header";
import { SiteLink } from "@/components/ui/site-link";
import { readSearchRequest, tagWithWithdrawals, type SearchParamsInput } from "@/lib/archive";
import { ARCHIVE_SECTIONS, runSearch, SEARCH_UNAVAILABLE } from "@/lib/archive-pages";
import { pageFor, sitePage } from "@/lib/pages";
import { publicationFromParams, type PublicationProps } from "@/lib/publication";
import { pageMetadata } from "@/lib/seo";

/**
 * /search?q=&section=&from=&to=&sort=&page= over every headline the publication carried (the
 * archive) and its blog's posts. Rendered per request, never stored (robots: noindex, follow;
 * the cache tier passes it by, deploy/nginx). With the archive away, proxy.ts answers 503 and
 * the page says so; so does a search that fails while it renders.
 */
export async function generateMetadata({ params }: PublicationProps): Promise<Metadata> {
  const publication = await publicationFromParams(params);
  return pageMetadata(publication, pageFor(publication, "/search"));
}

// The query is the reader's: rendered per request, never cached.
export const dynamic = "force-dynamic";

type Props = PublicationProps & { searchParams: Promise<SearchParamsInput> };

export default async function SearchPage({ params, searchParams }: Props) {
  const publication = await publicationFromParams(params);
  const request = readSearchRequest(await searchParams, ARCHIVE_SECTIONS);
  // What this render shows leaves it once withdrawn, like every page of archived headlines.
  await tagWithWithdrawals(publication.key);
  const outcome = await runSearch(publication, request);

  return (
    <div className="container">
      <PageHeader title={sitePage("/search").title} />
      <SearchPageForm request={request} />
      {request.notices.length > 0 ? (
        <ul className={styles.notices}>
          {request.notices.map((notice) => (
            <li key={notice}>{notice}</li>
          ))}
        </ul>
      ) : null}
      {outcome === "unavailable" ? (
        <p role="alert" className={styles.unavailable}>
          {SEARCH_UNAVAILABLE}
        </p>
      ) : outcome === "empty" ? (
        <p className={styles.prompt}>
          {`Type a word or two above to search every headline ${publication.name} has carried and the posts on our blog. Put a phrase in quotes ("school board"), leave a word out with a minus (-football), or take either of two words with OR. `}
          Or browse the headlines day by day in the <SiteLink href="/archive">archive</SiteLink>.
        </p>
      ) : (
        <SearchResults publication={publication} request={request} outcome={outcome} />
      )}
    </div>
  );
}
