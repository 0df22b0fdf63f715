import { MAX_QUERY_LENGTH } from "@/lib/search";
import styles from "./search.module.css";

/** The search page's own GET form, filled with the current query. */
export function SearchBox({ query }: { query: string }) {
  return (
    <form
      action="/search"
      method="get"
      role="search"
      aria-label="Search headlines and the blog"
      className={styles.form}
    >
      <label htmlFor="search-page-query" className={styles.label}>
        Search headlines and the blog
      </label>
      <div className={styles.row}>
        <input
          id="search-page-query"
          name="q"
          type="search"
          defaultValue={query}
          maxLength={MAX_QUERY_LENGTH}
          autoComplete="off"
          className={styles.input}
        />
        <button type="submit" className={styles.button}>
          Search
        </button>
      </div>
    </form>
  );
}
