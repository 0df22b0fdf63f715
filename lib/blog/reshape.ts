import { parsePublishedDate } from "../dates";
import {
  BlogSourceError,
  isValidSlug,
  splitKeywords,
  type BlogListPage,
  type BlogPost,
  type BlogSummary,
} from "./types";

/**
 * The functions host's answers → the blog's own types. Shapes are checked field by field:
 * a malformed answer is a BlogSourceError (the page shows the spec's error), never a crash
 * further down and never half-rendered garbage.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function text(record: Json, key: string, what: string): string {
  const value = record[key];
  if (typeof value !== "string" || !value.trim()) {
    throw new BlogSourceError(`${what}: "${key}" is not a non-empty string`);
  }
  return value.trim();
}

function optionalText(record: Json, key: string, what: string): string | null {
  const value = record[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw new BlogSourceError(`${what}: "${key}" is not a string`);
  return value.trim() || null;
}

function id(record: Json, what: string): string {
  const value = record.id;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "string" && value.trim()) return value.trim();
  throw new BlogSourceError(`${what}: "id" is missing`);
}

function slug(record: Json, what: string): string {
  const value = text(record, "slug", what);
  if (!isValidSlug(value))
    throw new BlogSourceError(`${what}: slug "${value.slice(0, 80)}" is not valid`);
  return value;
}

/** Only web addresses reach an `src` or `href` taken from the host. */
function webUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

function date(record: Json, what: string): string {
  const value = text(record, "date", what);
  if (!parsePublishedDate(value)) throw new BlogSourceError(`${what}: "date" is not a date`);
  return value;
}

export function reshapeBlogList(payload: unknown): BlogListPage {
  if (!isObject(payload)) throw new BlogSourceError("blog list: not an object");
  const { total, blogs } = payload;
  if (typeof total !== "number" || !Number.isInteger(total) || total < 0) {
    throw new BlogSourceError('blog list: "total" is not a whole number');
  }
  if (!Array.isArray(blogs)) throw new BlogSourceError('blog list: "blogs" is not an array');
  return {
    total,
    blogs: blogs.map((entry, index): BlogSummary => {
      const what = `blog list entry ${index}`;
      if (!isObject(entry)) throw new BlogSourceError(`${what}: not an object`);
      const optionalDate = optionalText(entry, "date", what);
      return {
        id: id(entry, what),
        slug: slug(entry, what),
        metaTitle: text(entry, "metaTitle", what),
        metaDescription: optionalText(entry, "metaDescription", what) ?? "",
        logoUrl: webUrl(optionalText(entry, "pinterestImageLink", what)),
        date: optionalDate && parsePublishedDate(optionalDate) ? optionalDate : null,
      };
    }),
  };
}

/** A post, or null when the host answers "nothing" (null, {}, []). */
export function reshapeBlogPost(payload: unknown): BlogPost | null {
  const record = Array.isArray(payload) ? payload[0] : payload;
  if (record === undefined || record === null) return null;
  if (!isObject(record)) throw new BlogSourceError("blog post: not an object");
  if (Object.keys(record).length === 0) return null;
  const what = "blog post";
  const body = record.blog;
  if (typeof body !== "string") throw new BlogSourceError(`${what}: "blog" is not a string`);
  if (!body.trim()) return null; // the spec: a post that is empty is "not found"
  const pin = webUrl(optionalText(record, "pinterestImageLink", what));
  return {
    id: id(record, what),
    slug: slug(record, what),
    metaTitle: text(record, "metaTitle", what),
    metaDescription: optionalText(record, "metaDescription", what) ?? "",
    date: date(record, what),
    shortTailKeywords: splitKeywords(optionalText(record, "shortTailKeywords", what)),
    longTailKeywords: splitKeywords(optionalText(record, "longTailKeywords", what)),
    pinterestImageLink: pin,
    // The host's image-sharing link is the card's image when it points at an image file.
    imageUrl: pin && /\.(?:avif|gif|jpe?g|png|svg|webp)(?:[?#]|$)/i.test(pin) ? pin : null,
    youtubeShortsUrl: webUrl(optionalText(record, "youtubeShortsUrl", what)),
    body,
  };
}
