import { SITE, type NavLink } from "./network";
import type { Publication } from "./publication";

/** What the header shows of a publication: plain values, sent to its client component once. */
export interface Brand {
  /** "The " when the name starts with it (it gives way on phones), else "". */
  article: string;
  /** The name after its article. */
  rest: string;
  initials: string;
  accent: string;
}

export function brandOf(publication: Publication): Brand {
  const match = /^(the\s+)(.+)$/i.exec(publication.name);
  return {
    article: match ? match[1]! : "",
    rest: match ? match[2]! : publication.name,
    initials: publication.initials,
    accent: publication.accent,
  };
}

/** What the footer shows of a publication. */
export interface FooterProps {
  name: string;
  tagline: string;
  network: { name: string; publications: number };
  partners: readonly NavLink[];
  social: readonly NavLink[];
}

export function footerOf(publication: Publication): FooterProps {
  return {
    name: publication.name,
    tagline: publication.tagline,
    network: { name: SITE.network.name, publications: SITE.network.publications },
    partners: publication.partners,
    social: publication.social,
  };
}
