import { MAX_QUERY_LENGTH } from "@/lib/search";
import styles from "./search-form.module.css";

const VARIANTS = {
  /** The header's, on every page: compact, its label for screen readers only. */
  header: { name: "Site search", label: "Search the site", placeholder: "Search news…" },
  /** The search page's own, filled with the current query. */
  page: {
    name: "Search headlines and the blog",
    label: "Search headlines and the blog",
    placeholder: undefined,
  },
} as const;

/** A plain GET form to /search with `q`: works without JavaScript. */
export function SearchForm({
  id,
  variant,
  query,
  className,
}: {
  id: string;
  variant: keyof typeof VARIANTS;
  query?: string;
  className?: string;
}) {
  const { name, label, placeholder } = VARIANTS[variant];
  return (
    <form
      action="/search"
      method="get"
      role="search"
      aria-label={name}
      className={`${styles[variant]} ${className ?? ""}`}
    >
      <label htmlFor={id} className={variant === "header" ? "visually-hidden" : styles.label}>
        {label}
      </label>
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
    </form>
  );
}
