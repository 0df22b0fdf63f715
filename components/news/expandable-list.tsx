"use client";

import { useId, useState, type ReactNode } from "react";
import cardGrid from "@/components/ui/card-grid.module.css";
import styles from "./news.module.css";

/**
 * Every card is already in the server-rendered HTML; this leaf only reveals the ones past
 * the limit. Toggle texts from the spec: "See All ({count} articles)" / "Show Less".
 *
 * The cards past the limit are hidden only where scripts run (`@media (scripting: enabled)`
 * in news.module.css), so a reader without JavaScript gets every headline and no toggle that
 * could not work. The media query is decided before the first paint: no flash of 15 cards
 * collapsing to 5, no layout shift, and no second copy of any card.
 */
export function ExpandableList({
  total,
  limit,
  children,
}: {
  total: number;
  limit: number;
  children: ReactNode;
}) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  return (
    <div>
      <ul
        id={id}
        className={`${cardGrid.grid} ${cardGrid.upToThree} ${styles.grid}`}
        data-expanded={expanded}
      >
        {children}
      </ul>
      {total > limit ? (
        <div className={styles.toggleRow}>
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={expanded}
            aria-controls={id}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? "Show Less" : `See All (${total} articles)`}
          </button>
        </div>
      ) : null}
    </div>
  );
}
