"use client";

import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import styles from "./accordion.module.css";

export interface AccordionEntry {
  title: string;
  content: ReactNode;
}

/**
 * A single-open, collapsible accordion following the WAI-ARIA pattern: buttons in headings,
 * each controlling its panel; Arrow keys move between headers (wrapping), Home and End jump.
 * Every answer is in the server-rendered HTML (closed panels are `hidden`) for readers
 * without JavaScript and for crawlers.
 *
 * One component with one piece of state instead of Radix's context per item: the FAQ has
 * about 100 items, and Radix measured each panel on hydration (100 forced layouts), which
 * cost the page its Lighthouse performance score.
 */
export function Accordion({
  entries,
  className,
}: {
  entries: readonly AccordionEntry[];
  className?: string;
}) {
  const [open, setOpen] = useState<number | null>(null);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const triggers = [
      ...(root.current?.querySelectorAll<HTMLButtonElement>("[data-trigger]") ?? []),
    ];
    const index = triggers.indexOf(event.target as HTMLButtonElement);
    if (index < 0) return;
    const last = triggers.length - 1;
    const next = {
      ArrowDown: index === last ? 0 : index + 1,
      ArrowUp: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    triggers[next]?.focus();
  }

  return (
    <div ref={root} className={className} onKeyDown={onKeyDown}>
      {entries.map((entry, index) => {
        const expanded = open === index;
        const state = expanded ? "open" : "closed";
        return (
          <div key={entry.title} className={styles.item} data-state={state}>
            <h3 className={styles.header}>
              <button
                type="button"
                id={`${id}-trigger-${index}`}
                aria-controls={`${id}-panel-${index}`}
                aria-expanded={expanded}
                data-state={state}
                data-trigger=""
                className={styles.trigger}
                onClick={() => setOpen(expanded ? null : index)}
              >
                <span>{entry.title}</span>
                <span className={styles.chevron} aria-hidden="true" />
              </button>
            </h3>
            <div
              id={`${id}-panel-${index}`}
              // No role="region": the pattern advises against it for this many panels.
              hidden={!expanded}
              className={styles.content}
            >
              <div className={styles.contentInner}>{entry.content}</div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
