import { parsePublishedDate } from "../dates";
import { cdata, xmlEscape } from "./xml";

/** RSS 2.0 with the content and Atom extensions, as feed readers expect it. */

export interface RssChannel {
  title: string;
  link: string;
  /** The feed's own address (atom:link rel="self"). */
  selfUrl: string;
  description: string;
  language: string;
  imageUrl: string;
}

export interface RssItem {
  title: string;
  link: string;
  guid: string;
  /** ISO date or date-time. */
  date: string;
  description: string;
  /** Sanitised HTML of the full post. */
  contentHtml: string;
  imageUrl: string | null;
  categories: readonly string[];
}

/** RFC 822 date, as RSS 2.0 requires ("Wed, 03 Jun 2026 00:00:00 GMT"). */
export function rfc822(value: string): string {
  return (parsePublishedDate(value) ?? new Date(0)).toUTCString();
}

export function renderRss(
  channel: RssChannel,
  items: readonly RssItem[],
  now = new Date(),
): string {
  const times = items.flatMap((item) => parsePublishedDate(item.date)?.getTime() ?? []);
  const newest = times.length > 0 ? new Date(Math.max(...times)).toISOString() : null;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">',
    "<channel>",
    `  <title>${xmlEscape(channel.title)}</title>`,
    `  <link>${xmlEscape(channel.link)}</link>`,
    `  <description>${xmlEscape(channel.description)}</description>`,
    `  <language>${xmlEscape(channel.language)}</language>`,
    `  <atom:link href="${xmlEscape(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    `  <lastBuildDate>${rfc822(newest ?? now.toISOString())}</lastBuildDate>`,
    "  <image>",
    `    <url>${xmlEscape(channel.imageUrl)}</url>`,
    `    <title>${xmlEscape(channel.title)}</title>`,
    `    <link>${xmlEscape(channel.link)}</link>`,
    "  </image>",
  ];
  for (const item of items) {
    lines.push(
      "  <item>",
      `    <title>${xmlEscape(item.title)}</title>`,
      `    <link>${xmlEscape(item.link)}</link>`,
      `    <guid isPermaLink="true">${xmlEscape(item.guid)}</guid>`,
      `    <pubDate>${rfc822(item.date)}</pubDate>`,
      `    <description>${xmlEscape(item.description)}</description>`,
      ...item.categories.map((category) => `    <category>${xmlEscape(category)}</category>`),
      ...(item.imageUrl
        ? [`    <media:content url="${xmlEscape(item.imageUrl)}" medium="image"/>`]
        : []),
      `    <content:encoded>${cdata(item.contentHtml)}</content:encoded>`,
      "  </item>",
    );
  }
  lines.push("</channel>", "</rss>", "");
  return lines.join("\n");
}
