import { parseCalendarDay, parsePublishedDate } from "../dates";
import type { ChangeFrequency } from "../pages";
import { xmlEscape } from "./xml";

/** The sitemaps protocol's limit per file; past it, /sitemap.xml becomes an index. */
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

export function renderSitemapIndex(sitemapUrls: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...sitemapUrls.map((url) => `  <sitemap>\n    <loc>${xmlEscape(url)}</loc>\n  </sitemap>`),
    "</sitemapindex>",
    "",
  ].join("\n");
}

/**
 * What /sitemap.xml answers: the URL set itself when it fits in one file, else an index of
 * the parts (`partUrl(n)`, 1-based), each holding at most `max` URLs.
 */
export function sitemapDocument(
  entries: readonly SitemapEntry[],
  partUrl: (part: number) => string,
  max = SITEMAP_MAX_URLS,
): string {
  if (entries.length <= max) return renderUrlset(entries);
  const parts = Math.ceil(entries.length / max);
  return renderSitemapIndex(Array.from({ length: parts }, (_, i) => partUrl(i + 1)));
}

/** Part `part` (1-based) of a split sitemap, or null when there is no such part. */
export function sitemapPart(
  entries: readonly SitemapEntry[],
  part: number,
  max = SITEMAP_MAX_URLS,
): string | null {
  if (entries.length <= max || !Number.isInteger(part) || part < 1) return null;
  const slice = entries.slice((part - 1) * max, part * max);
  return slice.length > 0 ? renderUrlset(slice) : null;
}
