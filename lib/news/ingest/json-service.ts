import { normaliseArticle } from "./normalise";
import { FeedParseError } from "./parse-feed";
import type { FeedArticle } from "../types";

/**
 * The spec's call #1: a feed-to-JSON service answering `?rss_url=` with
 * `{ status: "ok", items: [{ title, description, link, pubDate, thumbnail, enclosure: { link } }] }`.
 */
export function jsonServiceUrl(service: URL, feedUrl: string): string {
  const url = new URL(service);
  url.searchParams.set("rss_url", feedUrl);
  return url.toString();
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

export function parseJsonServiceResponse(body: string, feedUrl: string): FeedArticle[] {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    throw new FeedParseError("feed-to-JSON answer is not JSON");
  }
  if (typeof data !== "object" || data === null || (data as { status?: unknown }).status !== "ok") {
    throw new FeedParseError('feed-to-JSON status is not "ok"');
  }
  const items = (data as { items?: unknown }).items;
  if (!Array.isArray(items)) throw new FeedParseError("feed-to-JSON answer has no items");
  return items
    .filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null)
    .map((item) => {
      const enclosure = item.enclosure;
      return normaliseArticle(
        {
          title: text(item.title),
          description: text(item.description) || text(item.content),
          link: text(item.link),
          // The service writes "2026-11-21 14:05:00" in UTC.
          date: text(item.pubDate)?.replace(/^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)$/, "$1T$2Z"),
          thumbnail: text(item.thumbnail),
          enclosure:
            typeof enclosure === "object" && enclosure !== null
              ? text((enclosure as { link?: unknown }).link)
              : null,
        },
        feedUrl,
      );
    })
    .filter((article) => article !== null);
}
