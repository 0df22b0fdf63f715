import type { ReactNode } from "react";

/**
 * A link to another site: opens in a new tab, passes no opener or referrer, and says so to
 * screen readers. One place for what the footer, the resource lists, the partners' documents
 * and the search results each wrote out.
 */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
