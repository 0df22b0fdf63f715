import { isoDay, type SearchRequest } from "@/lib/archive";
import { ARCHIVE_SECTIONS } from "@/lib/archive-pages";
import { SearchBox } from "./search-form";
import styles from "./search-form.module.css";

/**
 * The search page's form, filled with the search as read: the words, then the filters (a
 * section or every one, a first and a last day, the order). A plain GET form to /search: it
 * works without JavaScript, and every choice is in the address.
 */
export function SearchPageForm({ request }: { request: SearchRequest }) {
  return (
    <form
      action="/search"
      method="get"
      role="search"
      aria-label="Search the archive"
      className={styles.page}
    >
      <label htmlFor="search-q" className={styles.label}>
        Search every headline and the blog
      </label>
      <SearchBox id="search-q" query={request.query} />
      <fieldset className={styles.filters}>
        <legend className="visually-hidden">Narrow the search</legend>
        <div className={styles.field}>
          <label htmlFor="search-section">Section</label>
          <select
            id="search-section"
            name="section"
            defaultValue={request.section ?? ""}
            className={styles.control}
          >
            <option value="">Every section</option>
            {ARCHIVE_SECTIONS.map((section) => (
              <option key={section.slug} value={section.slug}>
                {section.title}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="search-from">From</label>
          <input
            id="search-from"
            name="from"
            type="date"
            defaultValue={request.from ? isoDay(request.from) : ""}
            className={styles.control}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="search-to">To</label>
          <input
            id="search-to"
            name="to"
            type="date"
            defaultValue={request.to ? isoDay(request.to) : ""}
            className={styles.control}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="search-sort">Order</label>
          <select
            id="search-sort"
            name="sort"
            defaultValue={request.sort}
            className={styles.control}
          >
            <option value="relevance">Most relevant</option>
            <option value="newest">Newest first</option>
          </select>
        </div>
      </fieldset>
    </form>
  );
}
