import { MAX_QUERY_LENGTH } from "@/lib/archive";
import styles from "./search-form.module.css";

/**
 * The header's search, on every page: a plain GET form to /search with `q` (works without
 * JavaScript), compact, its label for screen readers only. The search page has its own, with
 * the filters (search-page-form.tsx).
 */
export function SearchForm({ id, className }: { id: string; className?: string }) {
  return (
    <form
      action="/search"
      method="get"
      role="search"
      aria-label="Site search"
      className={`${styles.header} ${className ?? ""}`}
    >
      <label htmlFor={id} className="visually-hidden">
        Search the site
      </label>
      <SearchBox id={id} placeholder="Search news…" />
    </form>
  );
}

/** The query's input and the submit button, side by side. */
export function SearchBox({
  id,
  query,
  placeholder,
}: {
  id: string;
  query?: string;
  placeholder?: string;
}) {
  return (
    <div className={styles.row}>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={query}
        placeholder={placeholder}
        maxLength={MAX_QUERY_LENGTH}
        autoComplete="off"
        className={styles.input}
      />
      <button type="submit" className={styles.button}>
        Search
      </button>
    </div>
  );
}
