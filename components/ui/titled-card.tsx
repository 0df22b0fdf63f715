import type { ReactNode } from "react";
import card from "./card.module.css";
import { ExternalLink } from "./external-link";

export interface CardLink {
  href: string;
  label: string;
  /** A line under the link saying what the reader will find there. */
  blurb?: string;
}

/**
 * A card headed by its title, which also names it for screen readers (aria-labelledby `id`),
 * holding text, a list of links to other sites, or both (the text first).
 */
export function TitledCard({
  id,
  title,
  links,
  as: Element = "section",
  children,
}: {
  id: string;
  title: string;
  links?: readonly CardLink[];
  /** "aside" for a card beside the page's main content. */
  as?: "section" | "aside";
  children?: ReactNode;
}) {
  return (
    <Element className={card.card} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
      {links && (
        <ul className={card.linkList}>
          {links.map((link) => (
            <li key={link.href}>
              <ExternalLink href={link.href}>{link.label}</ExternalLink>
              {link.blurb && (
                <>
                  <br />
                  <span className={card.muted}>{link.blurb}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </Element>
  );
}
