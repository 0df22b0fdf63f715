import { SiteLink } from "@/components/ui/site-link";
import type { SearchRequest, SearchSuggestions as Suggestions } from "@/lib/archive";
import { searchHref } from "@/lib/archive-pages";
import styles from "./search.module.css";

/** Nothing matched: says so, and what may help, each a link to that search where it is one. */
export function SearchSuggestions({
  request,
  suggestions,
}: {
  request: SearchRequest;
  suggestions: Suggestions | null;
}) {
  const again = (change: Partial<SearchRequest>) => searchHref(request, { ...change, page: 1 });
  return (
    <section aria-labelledby="search-results" className={styles.empty}>
      <h2 id="search-results">{`No results for “${request.query}”`}</h2>
      <ul className={styles.suggestions}>
        {suggestions?.spelling ? (
          <li>
            Did you mean{" "}
            <SiteLink href={again({ query: suggestions.spelling })}>
              <strong>{suggestions.spelling}</strong>
            </SiteLink>
            ?
          </li>
        ) : null}
        {suggestions?.fewerWords ? <li>Try fewer words.</li> : null}
        {suggestions?.widerDates ? (
          <li>
            Try a wider date range:{" "}
            <SiteLink href={again({ from: null, to: null })}>search every date</SiteLink>.
          </li>
        ) : null}
        {suggestions?.anySection ? (
          <li>
            Try <SiteLink href={again({ section: null })}>every section</SiteLink>.
          </li>
        ) : null}
        <li>
          Or browse every headline day by day in the <SiteLink href="/archive">archive</SiteLink>.
        </li>
      </ul>
    </section>
  );
}
