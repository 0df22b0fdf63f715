"use client";

import { SiteLink } from "@/components/ui/site-link";
import { useId, useState } from "react";
import { filterSitemap, type SitemapCategory } from "@/lib/sitemap-texts";
import { PriorityBadge } from "./priority-badge";
import cardGrid from "@/components/ui/card-grid.module.css";
import styles from "./sitemap.module.css";

const headingId = (title: string) => `sitemap-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

/**
 * The sitemap's categories with a filter above them. The server renders every page (the
 * query starts empty), so the whole list is in the HTML and works without JavaScript.
 */
export function SitemapDirectory({ categories }: { categories: SitemapCategory[] }) {
  const inputId = useId();
  const [query, setQuery] = useState("");
  const visible = filterSitemap(categories, query);
  const count = visible.reduce((sum, category) => sum + category.pages.length, 0);
  const searching = query.trim() !== "";

  return (
    <div className={styles.directory}>
      <div className={styles.filter} role="search" aria-label="Filter the pages">
        <label htmlFor={inputId} className={styles.filterLabel}>
          Find a page
        </label>
        <input
          id={inputId}
          type="search"
          placeholder="Search pages..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          maxLength={100}
          autoComplete="off"
          spellCheck={false}
          className={styles.filterInput}
        />
      </div>
      <p className="visually-hidden" aria-live="polite">
        {searching ? `${count} ${count === 1 ? "page matches" : "pages match"}` : ""}
      </p>
      {visible.length === 0 ? (
        <div className={styles.noMatch}>
          <p>No pages match “{query.trim()}”.</p>
          <button type="button" className={styles.clear} onClick={() => setQuery("")}>
            Show all pages
          </button>
        </div>
      ) : null}
      {visible.map((category) => (
        <section
          key={category.title}
          className={styles.category}
          aria-labelledby={headingId(category.title)}
        >
          <h2 id={headingId(category.title)} className={styles.categoryTitle}>
            {category.title}
          </h2>
          <ul className={`${cardGrid.grid} ${styles.pages}`}>
            {category.pages.map((page) => (
              <li key={page.path} className={styles.page}>
                <div className={styles.pageHead}>
                  <SiteLink href={page.path} className={styles.pageName}>
                    {page.name}
                  </SiteLink>
                  <PriorityBadge priority={page.priority} />
                </div>
                <p className={styles.pageDescription}>{page.description}</p>
                <p className={styles.pagePath}>{page.path}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
