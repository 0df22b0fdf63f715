import type { ReactNode } from "react";
import { AccordionKeys } from "./accordion-keys";
import styles from "./accordion.module.css";

export interface AccordionEntry {
  title: string;
  content: ReactNode;
}

/**
 * A single-open, collapsible accordion made of the browser's own disclosure widgets: each entry
 * a `<details>`, all of one `name`, so opening one closes the other (an exclusive accordion, in
 * every current browser). Opening, closing, the focus ring, the expanded state screen readers
 * announce and find-in-page (Chromium opens the answer Ctrl+F finds) are the browser's, with or
 * without JavaScript. The question is a heading in the `<summary>`, for navigation by headings.
 *
 * Rendered on the server, so every answer opens without JavaScript and nothing is hydrated per
 * question; only the arrow, Home and End keys between the questions are script (AccordionKeys).
 */
export function Accordion({
  entries,
  name,
  className,
}: {
  entries: readonly AccordionEntry[];
  /** The group's name: one per accordion on a page. */
  name: string;
  className?: string;
}) {
  return (
    <AccordionKeys className={className}>
      {entries.map((entry, index) => (
        <details key={index} name={name} className={styles.item}>
          <summary className={styles.trigger}>
            <h3 className={styles.header}>{entry.title}</h3>
            <span className={styles.chevron} aria-hidden="true" />
          </summary>
          <div className={styles.content}>{entry.content}</div>
        </details>
      ))}
    </AccordionKeys>
  );
}
