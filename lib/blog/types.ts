/**
 * The blog's own types. Both sources (the functions host and the local markdown folder)
 * reshape what they read into these before it leaves lib/blog/.
 */

/** Posts per list page (spec section 9). */
export const BLOG_PAGE_SIZE = 12;

export const BLOG_LIST_ERROR_MESSAGE = "Failed to fetch blogs";
export const BLOG_POST_ERROR_MESSAGE = "Failed to fetch blog details";

export interface BlogSummary {
  id: string;
  slug: string;
  metaTitle: string;
  metaDescription: string;
  /** The optional round logo on the card (the spec's `pinterestImageLink` on a summary). */
  logoUrl: string | null;
  /** ISO date when the source gives one (the local folder always does). */
  date: string | null;
}

export interface BlogPost {
  id: string;
  slug: string;
  metaTitle: string;
  metaDescription: string;
  /** ISO 8601 date (or date-time) of publication. */
  date: string;
  shortTailKeywords: string[];
  longTailKeywords: string[];
  /** Link to the post's board on the image-sharing service, if any. */
  pinterestImageLink: string | null;
  /** An image shown on the image card, when the source has one. */
  imageUrl: string | null;
  youtubeShortsUrl: string | null;
  /** The body: markdown with raw HTML, sanitised when rendered. */
  body: string;
}

export interface BlogListPage {
  total: number;
  blogs: BlogSummary[];
}

export interface BlogSource {
  /** One page of the list, 1-based. */
  list(page: number): Promise<BlogListPage>;
  /** One post, or null when there is no post with that slug. */
  get(slug: string): Promise<BlogPost | null>;
}

export class BlogSourceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BlogSourceError";
  }
}

/** Slugs are lowercase words joined by hyphens; anything else cannot name a post. */
export function isValidSlug(slug: string): boolean {
  return slug.length <= 200 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug);
}

/** "a, b ,, c" → ["a", "b", "c"] */
export function splitKeywords(value: string | null | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((keyword) => keyword.trim())
    .filter(Boolean);
}
