/**
 * Network-wide settings in one typed module: navigation, embeds, ad banners and radio texts,
 * and the embedded publication's identity (DEFAULT_PUBLICATION, SOCIAL_LINKS, PARTNER_SITES: what a
 * deployment without PUBLICATIONS_FILE shows, and the defaults a network publication's entry
 * does not override). A publication's own identity is a lib/publication Publication; values
 * an operator changes per deployment come from the environment through lib/env.ts.
 */
import { config } from "./env";
import { SECTIONS } from "./news/sections";
import type { NavLink } from "./publication/network";

export { PARTNER_SITES, DEFAULT_PUBLICATION, SOCIAL_LINKS, type NavLink } from "./publication/network";

export const NEWS_MENU: readonly NavLink[] = [
  ...SECTIONS.map((section) => ({ href: `/${section.slug}`, label: section.title })),
  { href: "/events", label: "Local Events" },
];

export const MAIN_NAV: readonly NavLink[] = [
  { href: "/books", label: "Books" },
  { href: "/radio", label: "Radio" },
  { href: "/blog", label: "Blog" },
  { href: "/partners", label: "Partners" },
  { href: "/faq", label: "FAQ" },
];

/** Advertising placements. Each has a desktop and a mobile banner id from the ad network. */
export const AD_PLACEMENTS = {
  top: { bannerId: 6079445, mobileBannerId: 1452360, minHeight: 250 },
  middle: { bannerId: 6079446, mobileBannerId: 1452361, minHeight: 250 },
  sidebar: { bannerId: 6079448, mobileBannerId: 1452363, minHeight: 600 },
} as const;

export type AdPlacement = keyof typeof AD_PLACEMENTS;

export const BOOKS = {
  authorPageUrl: "https://www.amazon.com/s?k=Riverbend+Chronicle+Press&i=digital-text",
  universityUrl: "https://www.heritagewisdom.university",
} as const;

export interface PartnerDocument {
  title: string;
  description: string;
  embedUrl: string;
  openUrl: string;
}

const PARTNER_DOC_TEXT = [
  {
    title: "Media Kit",
    description: "Audience, reach and advertising formats across our print, web and radio.",
  },
  {
    title: "Network Partnership Guide",
    description: "How publications in the Metro Press Network share stories and resources.",
  },
  {
    title: "Community Sponsorship Programme",
    description: "Supporting local events, scholarships and civic journalism in {{town}}.",
  },
] as const;

/** Shared-drive previews end in /preview; the same document opens in the service at /view. */
function openUrlFor(embed: URL): string {
  return embed.pathname.endsWith("/preview")
    ? new URL(embed.pathname.replace(/\/preview$/, "/view") + embed.search, embed).toString()
    : embed.toString();
}

export function partnerDocuments(): PartnerDocument[] {
  return config().embeds.partnerDocUrls.map((url, index) => ({
    ...PARTNER_DOC_TEXT[index]!,
    embedUrl: url.toString(),
    openUrl: openUrlFor(url),
  }));
}
