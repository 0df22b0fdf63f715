import { DEFAULT_PUBLICATION, type NavLink } from "./network";
import type { Publication } from "./publication";

/** What the header shows of a publication. */
export interface Brand {
  name: string;
  initials: string;
  accent: string;
}

export function brandOf(publication: Publication): Brand {
  return { name: publication.name, initials: publication.initials, accent: publication.accent };
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
    network: {
      name: DEFAULT_PUBLICATION.network.name,
      publications: DEFAULT_PUBLICATION.network.publications,
    },
    partners: publication.partners,
    social: publication.social,
  };
}
