import { BLOG_SECTION, sourceOf as hostOf, type ArchivedHeadline } from "../archive";
import { formatLongDate, formatTime } from "../dates";
import { getSection, SECTIONS } from "../news";
import type { Publication } from "../publication";

/**
 * An archived headline as the search results and the archive's days show it: where it links
 * (out, as the cards do, or to the site's own post), its section, its date and time in the
 * publication's zone, and its source.
 */

/** How the blog's posts are named where a section's name would be. */
export const BLOG_LABEL = "Blog";

export interface SectionLabel {
  slug: string;
  title: string;
  /** The section's page (or the blog's). */
  href: string;
}

/** The sections of the site's order, then the blog: what a search may be narrowed to. */
export const ARCHIVE_SECTIONS: readonly SectionLabel[] = [
  ...SECTIONS.map((section) => ({
    slug: section.slug,
    title: section.title,
    href: `/${section.slug}`,
  })),
  { slug: BLOG_SECTION, title: BLOG_LABEL, href: "/blog" },
];

/** The section a headline was carried in; null for one the site no longer has. */
export function sectionLabel(slug: string): SectionLabel | null {
  if (slug === BLOG_SECTION) return ARCHIVE_SECTIONS.at(-1)!;
  const section = getSection(slug);
  return section ? { slug, title: section.title, href: `/${slug}` } : null;
}

/** The host a link points at, without "www.": "example.com". Null when it is no address. */
export function sourceOf(link: string): string | null {
  return hostOf(link) || null;
}

export interface HeadlineView {
  id: string;
  title: string;
  description: string;
  /** A path of the site for its own posts, else the publisher's address. */
  href: string;
  external: boolean;
  section: SectionLabel | null;
  /** ISO date-time, for <time dateTime>. */
  dateTime: string;
  /** "November 30, 2026", in the publication's zone. */
  dateText: string;
  /** "3:45 PM", in the publication's zone. */
  timeText: string;
  /** Where the headline comes from; null for the site's own posts. */
  source: string | null;
}

export function headlineView(headline: ArchivedHeadline, publication: Publication): HeadlineView {
  const date = new Date(headline.at);
  let own: URL | null = null;
  try {
    const url = new URL(headline.link);
    if (url.origin === publication.url.origin) own = url;
  } catch {
    // Not an address: shown as it is, linking nowhere useful, but never breaking the page.
  }
  return {
    id: headline.id,
    title: headline.title,
    description: headline.description,
    href: own ? `${own.pathname}${own.search}` : headline.link,
    external: own === null,
    section: sectionLabel(headline.section),
    dateTime: date.toISOString(),
    dateText: formatLongDate(date, publication.timeZone),
    timeText: formatTime(date, publication.timeZone),
    source: own ? null : sourceOf(headline.link),
  };
}

export interface SectionGroup {
  /** null: headlines of sections the site no longer has, after every other. */
  section: SectionLabel | null;
  headlines: ArchivedHeadline[];
}

/** A day's headlines grouped by section, in the site's section order, then the blog's posts. */
export function groupBySection(headlines: readonly ArchivedHeadline[]): SectionGroup[] {
  const bySlug = new Map<string, ArchivedHeadline[]>();
  for (const headline of headlines) {
    const slug = sectionLabel(headline.section) ? headline.section : "";
    let list = bySlug.get(slug);
    if (!list) bySlug.set(slug, (list = []));
    list.push(headline);
  }
  const groups: SectionGroup[] = ARCHIVE_SECTIONS.flatMap((section) => {
    const list = bySlug.get(section.slug);
    return list ? [{ section, headlines: list }] : [];
  });
  const others = bySlug.get("");
  return others ? [...groups, { section: null, headlines: others }] : groups;
}
