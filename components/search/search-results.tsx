import { ExternalLink } from "@/components/ui/external-link";
import { Pagination } from "@/components/ui/pagination";
import { SiteLink } from "@/components/ui/site-link";
import {
  RESULTS_PER_PAGE,
  type SearchOutcome,
  type SearchRequest,
  type StoryLink,
} from "@/lib/archive";
import { headlineView, resultCountText, searchHref, type HeadlineView } from "@/lib/archive-pages";
import type { Publication } from "@/lib/publication";
import { Highlighted } from "./highlighted";
import { SearchSuggestions } from "./search-suggestions";
import styles from "./search.module.css";

/**
 * A search's results, 20 a page: how many there are, each headline (its title a link out,
 * as the cards', the words that answer marked; a story once, with its other sources one link
 * away), links to the other pages; or, when nothing
 * matched, what may help. Dates and times are the publication's.
 */
export function SearchResults({
  publication,
  request,
  outcome,
}: {
  publication: Publication;
  request: SearchRequest;
  outcome: SearchOutcome;
}) {
  if (outcome.total === 0)
    return <SearchSuggestions request={request} suggestions={outcome.suggestions} />;
  return (
    <section aria-labelledby="search-results" className={styles.group}>
      <h2 id="search-results" className={styles.count}>
        {`${resultCountText(outcome)} for “${request.query}”`}
      </h2>
      {outcome.hits.length === 0 ? (
        <p className={styles.note}>
          {`There are ${outcome.pages} pages of results and this is not one of them. `}
          <SiteLink href={searchHref(request, { page: 1 })}>Back to the first page</SiteLink>
        </p>
      ) : (
        <ol className={styles.results} start={(request.page - 1) * RESULTS_PER_PAGE + 1}>
          {outcome.hits.map((hit) => (
            <SearchResult
              key={hit.id}
              marks={outcome.marks}
              view={headlineView(hit, publication)}
              story={outcome.stories[hit.link]}
            />
          ))}
        </ol>
      )}
      <Pagination
        label="Result pages"
        page={request.page}
        totalPages={outcome.pages}
        hrefOf={(page) => searchHref(request, { page })}
      />
    </section>
  );
}

function SearchResult({
  view,
  marks,
  story,
}: {
  view: HeadlineView;
  marks: readonly string[];
  /** Its story, when other sources carried it too: a link to all of them. */
  story?: StoryLink;
}) {
  const title = <Highlighted text={view.title} marks={marks} />;
  return (
    <li className={styles.result}>
      <p className={styles.kicker}>
        {view.section ? <SiteLink href={view.section.href}>{view.section.title}</SiteLink> : null}
        <time dateTime={view.dateTime}>{view.dateText}</time>
        {view.source ? <span className={styles.source}>{view.source}</span> : null}
        {story ? (
          <SiteLink href={`/story/${story.id}`}>{`${story.sources} sources`}</SiteLink>
        ) : null}
      </p>
      <h3 className={styles.title}>
        {view.external ? (
          <ExternalLink href={view.href}>{title}</ExternalLink>
        ) : (
          <SiteLink href={view.href}>{title}</SiteLink>
        )}
      </h3>
      {view.description ? (
        <p className={styles.text}>
          <Highlighted text={view.description} marks={marks} />
        </p>
      ) : null}
    </li>
  );
}
