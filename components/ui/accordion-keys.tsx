"use client";

import type { KeyboardEvent, ReactNode } from "react";

/**
 * The accordion's keys, as the WAI-ARIA pattern has them: Arrow Down and Up move between the
 * questions (wrapping), Home and End go to the first and the last. Enter and Space are the
 * browser's own on a `<summary>`. Without JavaScript the questions are reached with Tab.
 */
export function AccordionKeys({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const triggers = [
      ...event.currentTarget.querySelectorAll<HTMLElement>(":scope > details > summary"),
    ];
    const index = triggers.indexOf(event.target as HTMLElement);
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
    <div className={className} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
