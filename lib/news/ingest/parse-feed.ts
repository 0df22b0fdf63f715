import { parseFeed } from "@rowanmanning/feed-parser";
import { decode } from "html-entities";
import { assertWellFormedFeed } from "./feed-document";
import { documentHints, type DocumentHints } from "./feed-hints";
import { normaliseArticle, type RawArticle } from "./normalise";
import type { FeedArticle } from "../types";

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FeedParseError";
  }
}

const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|svg)(\?|$)/i;

/**
 * The most items of one feed that are read: its newest, by date. A section shows at most
 * MAX_ARTICLES of its feeds' items, and the poll schedule needs a week's pace at most; a long
 * feed (a whole archive, thousands of items within the 5 MB a document may have) would only
 * cost time. feed-parser works out each item's link in time that grows with the whole feed (it
 * lists the channel's children again for every item): 3,300 items held the event loop 4 s,
 * while every page of the instance waited.
 */
export const FEED_ITEMS_READ = 100;

/** The newest `count` items, undated ones after dated ones, in the feed's own order. */
function newestItems<T extends { published: Date | null; updated: Date | null }>(
  items: readonly T[],
  count: number,
): readonly T[] {
  if (items.length <= count) return items;
  const ranked = items.map((item, index) => {
    const time = (item.published ?? item.updated)?.getTime();
    return { item, index, time: time === undefined || Number.isNaN(time) ? null : time };
  });
  ranked.sort((a, b) => {
    if (a.time === b.time) return a.index - b.index;
    if (a.time === null) return 1;
    if (b.time === null) return -1;
    return b.time - a.time;
  });
  return ranked
    .slice(0, count)
    .sort((a, b) => a.index - b.index)
    .map(({ item }) => item);
}
const XML_ENTITIES = new Set(["amp", "lt", "gt", "quot", "apos"]);

/** Bytes to text in the charset the feed declares (XML declaration first, then HTTP). */
export function decodeFeedBytes(bytes: Uint8Array, contentType?: string | null): string {
  // A byte-order mark wins over any declaration.
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder("utf-8").decode(bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return new TextDecoder("utf-16le").decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return new TextDecoder("utf-16be").decode(bytes.subarray(2));

  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 200));
  const declared =
    /^<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head.trimStart())?.[1] ??
    /charset\s*=\s*"?([A-Za-z0-9._-]+)/i.exec(contentType ?? "")?.[1] ??
    "utf-8";
  const label = declared.toLowerCase();
  if (SINGLE_BYTE_WESTERN.has(label)) return decodeWindows1252(bytes);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label);
  } catch {
    decoder = new TextDecoder("utf-8");
  }
  return decoder.decode(bytes);
}

/**
 * Feeds that say ISO-8859-1 are, in practice, windows-1252 (as browsers treat them).
 * Decoded by table because Node 20.18.3+ TextDecoder maps 0x80-0x9F to control
 * characters for these labels (nodejs/node#56542), which would lose curly quotes and dashes.
 */
const SINGLE_BYTE_WESTERN = new Set([
  "iso-8859-1",
  "iso8859-1",
  "latin1",
  "l1",
  "us-ascii",
  "ascii",
  "windows-1252",
  "cp1252",
  "x-cp1252",
]);
// prettier-ignore
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = bytes.subarray(start, start + 8192);
    text += String.fromCharCode(
      ...Array.from(chunk, (byte) =>
        byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80]! : byte,
      ),
    );
  }
  return text;
}

/**
 * Removes every DOCTYPE (with its internal subset) in one linear pass: a regular
 * expression with a lazy group here takes quadratic time on hostile input.
 */
function stripDoctypes(xml: string): string {
  let out = "";
  let position = 0;
  const upper = xml.toUpperCase();
  for (;;) {
    const start = upper.indexOf("<!DOCTYPE", position);
    if (start < 0) return out + xml.slice(position);
    out += xml.slice(position, start);
    const bracket = xml.indexOf("[", start);
    const close = xml.indexOf(">", start);
    if (close < 0) return out;
    if (bracket >= 0 && bracket < close) {
      const subsetEnd = xml.indexOf("]", bracket);
      const end = subsetEnd < 0 ? -1 : xml.indexOf(">", subsetEnd);
      if (end < 0) return out;
      position = end + 1;
    } else {
      position = close + 1;
    }
  }
}

/**
 * Make real-world feed text well-formed enough for an XML parser, and safe:
 * - the DOCTYPE goes, with any internal subset: no entity expansion, no external entities;
 * - HTML entities XML does not define (&nbsp;, &eacute;...) become numeric references;
 *   unknown ones become literal text;
 * - a bare `&` that starts no reference (`Q&A`, `?a=1&b=2`) becomes `&amp;`;
 * - control characters XML forbids are dropped.
 * Structure is not repaired: a document cut off half way stays broken (feed-document.ts).
 */
export function sanitiseFeedXml(xml: string): string {
  return escapeBareAmpersands(stripDoctypes(xml.replace(/^\uFEFF/, "")))
    .replace(/<!ENTITY[^>]*>/gi, "")
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/&([A-Za-z][A-Za-z0-9]{0,31});/g, (match, name: string) => {
      if (XML_ENTITIES.has(name)) return match;
      const decoded = decode(match, { level: "html5" });
      if (decoded === match) return `&amp;${name};`;
      return Array.from(decoded, (char) => `&#${char.codePointAt(0)};`).join("");
    });
}

const BARE_AMPERSAND = /&(?!#\d{1,7};|#x[0-9A-Fa-f]{1,6};|[A-Za-z][A-Za-z0-9]{0,31};)/g;

/** `&` that starts no reference becomes `&amp;`, outside CDATA sections (where `&` is text). */
function escapeBareAmpersands(xml: string): string {
  let out = "";
  let position = 0;
  for (;;) {
    const start = xml.indexOf("<![CDATA[", position);
    const end = start < 0 ? -1 : xml.indexOf("]]>", start + 9);
    const outside = xml.slice(position, start < 0 ? undefined : start);
    out += outside.replace(BARE_AMPERSAND, "&amp;");
    if (start < 0) return out;
    // An unterminated CDATA section is left as it is: the document check refuses it.
    if (end < 0) return out + xml.slice(start);
    out += xml.slice(start, end + 3);
    position = end + 3;
  }
}

/**
 * RSS 2.0, RSS 1.0 (RDF) or Atom text to articles. Throws FeedParseError for anything else,
 * including a document that is not complete and well-formed (feed-document.ts).
 */
export function parseFeedText(xml: string, feedUrl: string): FeedArticle[] {
  const text = sanitiseFeedXml(xml).trimStart();
  if (!text.startsWith("<")) throw new FeedParseError("not XML");
  try {
    assertWellFormedFeed(text);
  } catch (error) {
    throw new FeedParseError(error instanceof Error ? error.message : "not a well-formed feed");
  }
  let feed: ReturnType<typeof parseFeed>;
  try {
    feed = parseFeed(text);
  } catch (error) {
    throw new FeedParseError(error instanceof Error ? error.message : "unparseable feed");
  }
  if (!feed.meta?.type) throw new FeedParseError("not a feed");

  const base = feed.url ?? feedUrl;
  const raws: RawArticle[] = newestItems(feed.items, FEED_ITEMS_READ).map((item) => ({
    title: item.title,
    description: item.description ?? item.content,
    link: item.url,
    date: item.published ?? item.updated,
    thumbnail: item.image?.url ?? null,
    // Only a picture can stand in for the thumbnail: a podcast's MP3 is no image.
    enclosure:
      item.media.find(
        (media) =>
          media.url && (media.type === "image" || (!media.type && IMAGE_FILE.test(media.url))),
      )?.url ?? null,
  }));
  return raws.map((raw) => normaliseArticle(raw, base)).filter((article) => article !== null);
}

/** Parse the bytes of a feed response, with what its head says of its pace and hub. */
export function parseFeedDocument(
  bytes: Uint8Array,
  feedUrl: string,
  contentType?: string | null,
): { articles: FeedArticle[]; hints: DocumentHints } {
  const text = decodeFeedBytes(bytes, contentType);
  return { articles: parseFeedText(text, feedUrl), hints: documentHints(text, feedUrl) };
}
