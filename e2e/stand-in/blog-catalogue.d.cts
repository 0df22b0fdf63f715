export interface SamplePost {
  id: number;
  slug: string;
  metaTitle: string;
  metaDescription: string;
  date: string;
  shortTailKeywords: string;
  longTailKeywords: string;
  pinterestImageLink: string | null;
  youtubeShortsUrl: string | null;
  blog: string;
  logo: string | null;
}
export const BLOG_KEY: string;
export const BLOG_PAGE_SIZE: number;
export const COMPLETE_SLUG: string;
export const PLAIN_SLUG: string;
export const HOSTILE_SLUG: string;
export function blogPosts(origin: string): SamplePost[];
export const UNLISTED_SLUGS: string[];
export function unlistedPosts(): SamplePost[];
