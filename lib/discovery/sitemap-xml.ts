import { parseCalendarDay, parsePublishedDate } from "../dates";
import type { ChangeFrequency } from "../pages";
import { xmlEscape } from "./xml";

/** The sitemaps protocol's limit per file: the site's pages are split in parts of this many. */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapEntry {
  /** Absolute URL. */
  url: string;
  /** ISO date or date-time. */
  lastModified?: string;
  changeFrequency?: ChangeFrequency;
  priority?: number;
}

/** W3C datetime as the protocol wants it: a date, or a date-time with a zone. */
function w3cDate(value: string): string | null {
  const date = parsePublishedDate(value);
  if (!date) return null;
  return parseCalendarDay(value) ? value : date.toISOString();
}

export function renderUrlset(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastModified ? w3cDate(entry.lastModified) : null;
    return [
      "  <url>",
      `    <loc>${xmlEscape(entry.url)}</loc>`,
      lastmod ? `    <lastmod>${lastmod}</lastmod>` : null,
      entry.changeFrequency ? `    <changefreq>${entry.changeFrequency}</changefreq>` : null,
      entry.priority !== undefined
        ? `    <priority>${Math.min(Math.max(entry.priority, 0), 1).toFixed(1)}</priority>`
        : null,
      "  </url>",
    ]
      .filter((line) => line !== null)
      .join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** One sitemap of an index: its absolute address, and when what it lists last changed. */
export interface SitemapPartEntry {
  url: string;
  /** ISO date or date-time. */
  lastModified?: string;
}

export function renderSitemapIndex(parts: readonly SitemapPartEntry[]): string {
  const sitemaps = parts.map((part) => {
    const lastmod = part.lastModified ? w3cDate(part.lastModified) : null;
    return [
      "  <sitemap>",
      `    <loc>${xmlEscape(part.url)}</loc>`,
      lastmod ? `    <lastmod>${lastmod}</lastmod>` : null,
      "  </sitemap>",
    ]
      .filter((line) => line !== null)
      .join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemaps,
    "</sitemapindex>",
    "",
  ].join("\n");
}

/** How many parts of at most `max` URLs `count` entries take: one at least (it may be empty). */
export function pagePartCount(count: number, max = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil(count / max));
}

/** Part `part` (1-based) of the entries, at most `max` URLs; null when there is no such part. */
export function sitemapPart(
  entries: readonly SitemapEntry[],
  part: number,
  max = SITEMAP_MAX_URLS,
): string | null {
  if (!Number.isInteger(part) || part < 1 || part > pagePartCount(entries.length, max)) return null;
  return renderUrlset(entries.slice((part - 1) * max, part * max));
}
