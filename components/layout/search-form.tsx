import styles from "./search-form.module.css";

/** A plain GET form to /search: works without JavaScript. */
export function SearchForm({ id, className }: { id: string; className?: string }) {
  return (
    <form
      action="/search"
      method="get"
      role="search"
      aria-label="Site search"
      className={`${styles.form} ${className ?? ""}`}
    >
      <label htmlFor={id} className="visually-hidden">
        Search the site
      </label>
      <input
        id={id}
        name="q"
        type="search"
        placeholder="Search news…"
        maxLength={200}
        autoComplete="off"
        className={styles.input}
      />
      <button type="submit" className={styles.button}>
        Search
      </button>
    </form>
  );
}
