/**
 * The network, and the identity of its embedded publication: what a deployment without
 * PUBLICATIONS_FILE shows, and the defaults a network publication's entry does not override.
 * Plain data with no imports, so every layer may read it (the door, lib/publication, exports it).
 */

export const DEFAULT_PUBLICATION = {
  name: "The Riverbend Chronicle",
  shortName: "Riverbend Chronicle",
  tagline: "Trusted journalism for our community and beyond",
  description:
    "The Riverbend Chronicle: local news for Riverbend with national and world headlines, business, sports, culture, a newsroom blog and live radio.",
  locale: "en_US",
  language: "en-US",
  network: {
    name: "Metro Press Network",
    url: "https://www.metropressnetwork.com",
    publications: 3000,
  },
  contact: {
    email: "newsroom@riverbendchronicle.com",
    phone: "(555) 010-0100",
    address: ["The Riverbend Chronicle", "100 Main Street", "Riverbend, USA 00000"],
  },
} as const;

export interface NavLink {
  href: string;
  label: string;
}

export const PARTNER_SITES: readonly NavLink[] = [
  { href: "https://www.metropressnetwork.com", label: "Metro Press Network" },
  { href: "https://www.lakesidegazette.com", label: "The Lakeside Gazette" },
  { href: "https://www.hillcountryherald.com", label: "Hill Country Herald" },
];

export const SOCIAL_LINKS: readonly NavLink[] = [
  { href: "https://www.facebook.com/riverbendchronicle", label: "Facebook" },
  { href: "https://x.com/rbchronicle", label: "X (Twitter)" },
  { href: "https://www.instagram.com/riverbendchronicle", label: "Instagram" },
];
