import { htmlToText, truncate } from "./text";
import { DEFAULT_IMAGE_URL, MAX_ARTICLES, type FeedArticle } from "../types";

/** What any feed format gives us for one item, before cleaning. */
export interface RawArticle {
  title?: string | null;
  description?: string | null;
  link?: string | null;
  date?: Date | string | null;
  thumbnail?: string | null;
  enclosure?: string | null;
}

/** About what a card shows (four lines); the rest would be sent twice for nothing. */
const MAX_DESCRIPTION = 220;

/** An absolute http(s) URL, resolved against the feed's address when relative; else null. */
export function absoluteHttpUrl(value: string | null | undefined, base?: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim(), base);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (url.username || url.password) return null;
    return url.toString();
  } catch {
    return null;
  }
}

function toIsoDate(value: Date | string | null | undefined): string | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  // Reject unparseable dates and absurd ones (before 1990 or more than a day in the future).
  if (Number.isNaN(time) || time < Date.UTC(1990, 0, 1) || time > Date.now() + 86_400_000)
    return null;
  return date.toISOString();
}

/** One feed item to the app's FeedArticle, or null when it has no usable link or title. */
export function normaliseArticle(raw: RawArticle, base?: string): FeedArticle | null {
  const link = absoluteHttpUrl(raw.link, base);
  const title = htmlToText(raw.title);
  if (!link || !title) return null;
  return {
    title: truncate(title, 300),
    description: truncate(htmlToText(raw.description), MAX_DESCRIPTION),
    link,
    pubDate: toIsoDate(raw.date),
    imageUrl:
      absoluteHttpUrl(raw.thumbnail, base) ??
      absoluteHttpUrl(raw.enclosure, base) ??
      DEFAULT_IMAGE_URL,
  };
}

/** Same story: same link ignoring scheme, "www.", trailing slash and utm_* parameters. */
export function linkKey(link: string): string {
  const url = new URL(link);
  for (const name of [...url.searchParams.keys()]) {
    if (name.toLowerCase().startsWith("utm_")) url.searchParams.delete(name);
  }
  url.hash = "";
  const host = url.hostname.replace(/^www\./, "");
  const path = url.pathname.replace(/\/+$/, "");
  const query = url.searchParams.toString();
  return `${host}${url.port ? `:${url.port}` : ""}${path}${query ? `?${query}` : ""}`;
}

/**
 * Several feeds' articles to one list: the same link once (first occurrence wins, feeds in
 * their configured order), newest first with undated items last, capped. Items that only share
 * a title stay ("Police log", "Weather" are every day's): the same news under other links is
 * one story, decided at ingest (lib/archive/stories) and shown once by the section's page.
 */
export function mergeArticles(lists: readonly FeedArticle[][], cap = MAX_ARTICLES): FeedArticle[] {
  const seenLinks = new Set<string>();
  const merged: FeedArticle[] = [];
  for (const list of lists) {
    for (const article of list) {
      const byLink = linkKey(article.link);
      if (seenLinks.has(byLink)) continue;
      seenLinks.add(byLink);
      merged.push(article);
    }
  }
  // Array.prototype.sort is stable: equal dates keep the feeds' order.
  merged.sort((a, b) => {
    if (a.pubDate === b.pubDate) return 0;
    if (a.pubDate === null) return 1;
    if (b.pubDate === null) return -1;
    return a.pubDate < b.pubDate ? 1 : -1;
  });
  return merged.slice(0, cap);
}
